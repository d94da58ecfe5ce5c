import { definePreset } from "./preset";

const perLoop =
  "Published: BenchmarkDotNet mean time of a loop of 200 sequential calls; measured: mean latency x 200 at connections 1.";

export const study003Preset = definePreset({
  name: "study-003",
  title: 'Study 003: "Milliseconds matter" (.NET, BenchmarkDotNet, meteorite landings)',
  description:
    "Sending and receiving 1000 records (~245 KB of JSON), or streaming them: how much does gRPC save per call?",
  spec: {
    workloads: ["meteorites.version", "meteorites.get", "meteorites.post", "meteorites.stream"],
    cacheModes: ["memory"],
    connections: 1,
    grpcConnections: 1,
    durationMs: 5_000,
    warmupMs: 1_000,
    trials: 3,
  },
  sequentialFigures: true,
  published: [
    {
      workload: "meteorites.version",
      cacheMode: "none",
      label: "small GET (version string), 200 calls",
      unit: "ms",
      rest: 40.32,
      grpc: 28.55,
      measure: "msPer200Calls",
      note: perLoop,
    },
    {
      workload: "meteorites.get",
      cacheMode: "memory",
      label: "GET 1000 records as one list, 200 calls",
      unit: "ms",
      rest: 2706,
      grpc: 201.47,
      measure: "msPer200Calls",
      note: perLoop,
    },
    {
      workload: "meteorites.post",
      cacheMode: "none",
      label: "POST 1000 records, 200 calls",
      unit: "ms",
      rest: 4041.8,
      grpc: 206.02,
      measure: "msPer200Calls",
      note: perLoop,
    },
    {
      workload: "meteorites.stream",
      cacheMode: "memory",
      label: "stream of 1000 records, 200 streams",
      unit: "ms",
      rest: null,
      grpc: 5185.97,
      measure: "msPer200Calls",
      note: "The study had no REST stream (compare its REST list, 2706 ms); Relix's REST side is NDJSON.",
    },
  ],
  notes: [
    "The study served a static list held in memory; the preset uses cache mode memory (--cache warm adds Redis).",
    "Published ms per loop of 200 sequential calls; measured is mean latency x 200 at connections 1.",
  ],
});
