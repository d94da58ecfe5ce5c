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
  calibration: null,
  notes: [
    "Units: the study published ms per loop of 200 sequential calls; Relix measures per-call latency at connections 1 and shows mean x 200 beside it.",
    "The study served a static list held in memory; the preset uses cache mode memory (a process-local cache: after the first read no Redis GET and no JSON.parse of the 245 KB list), so each call costs what the study's did: the protocol's own encoding. Add --cache warm to see what a Redis hit adds on both sides, or --cache cold to read MySQL.",
    "The study's summary (gRPC ~7x faster receiving, ~10x faster sending) does not match its own table (2706 / 201.47 = 13.4x, 4041.8 / 206.02 = 19.6x); the figures here are the table's.",
    "Not reproduced: means of loops only (Relix reports p50/p99 and a CI over 3 trials). Streams are timed whole on both sides in Relix too (one sample per stream), but as a distribution, not a loop mean.",
  ],
});
