import { definePreset } from "./preset";

export const study000Preset = definePreset({
  name: "study-000",
  title: "Study 000: Relix (Spring Boot REST vs Java gRPC, Redis + MySQL)",
  description:
    "Reading one ~110 B record by id through Redis (warm) or straight from MySQL (cold): how much faster is gRPC?",
  spec: {
    workloads: ["item.get"],
    cacheModes: ["warm", "cold"],
    // The study's own runtime as the headline, Node's pair measured in the same trials beside it.
    stacks: ["express", "spring", "grpc-js", "grpc-java"],
    pair: { rest: "spring", grpc: "grpc-java" },
    connections: 1,
    grpcConnections: 1,
    durationMs: 2_000,
    warmupMs: 1_000,
    trials: 1,
  },
  sequentialFigures: true,
  published: [
    {
      workload: "item.get",
      cacheMode: "warm",
      label: "mean latency, warm cache",
      unit: "ms",
      rest: 2.24,
      grpc: 1.6,
      measure: "meanMs",
    },
    {
      workload: "item.get",
      cacheMode: "cold",
      label: "mean latency, no cache",
      unit: "ms",
      rest: 6.22,
      grpc: 5.32,
      measure: "meanMs",
      note: "The study's \"no-cache\" runs read MySQL on every call: Relix's cold mode.",
    },
    {
      workload: "item.get",
      cacheMode: "warm",
      label: "response body",
      unit: "B",
      rest: 110,
      grpc: 80,
      measure: "responseBodyBytes",
      note: "JSON vs protobuf body of one record; the study did not publish the record's fields, Relix's item is sized to match.",
    },
    {
      workload: "item.get",
      cacheMode: "warm",
      label: "cache improvement (cold -> warm mean)",
      unit: "%",
      rest: 64,
      grpc: 70,
      measure: "cacheImprovementPct",
    },
  ],
  notes: [
    "Each published figure appears twice: (spring vs grpc-java), the study's own pair, and (express vs grpc-js).",
    "Not reproduced: 20 samples per cell, means only; Relix shows the whole distribution, the mean to match the study.",
  ],
});
