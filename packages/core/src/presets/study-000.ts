import { definePreset } from "./preset";

const design =
  "Study 000 timed 20 sequential calls per cell by hand; Relix keeps calls sequential (connections 1) but measures every call of a 10 s window after a 2 s warm-up that is discarded on both sides.";

export const study000Preset = definePreset({
  name: "study-000",
  title: "Study 000: Relix (Spring Boot REST vs Java gRPC, Redis + MySQL)",
  description:
    "Reading one ~110 B record by id through Redis (warm) or straight from MySQL (cold): how much faster is gRPC?",
  spec: {
    workloads: ["item.get"],
    cacheModes: ["warm", "cold"],
    connections: 1,
    grpcConnections: 1,
    durationMs: 10_000,
    warmupMs: 2_000,
    trials: 3,
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
    design,
    "Not reproduced: 20 samples per cell, a warm-up dropped by hand, means only, one machine. Relix reports the whole distribution (the mean is shown to match the study) and a 95% CI over 3 trials.",
    "The study ran on a macOS M4 with Java servers; absolute milliseconds are not comparable across machines and runtimes, the REST/gRPC ratio is.",
    "The record's fields were not published: item.get returns an item of ~110 B JSON (id, name, price, a few tags, timestamps).",
  ],
});
