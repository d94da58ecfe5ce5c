import { definePreset } from "./preset";

/**
 * Where gRPC starts to win on item.list as the reply grows, at three distances: records 1 to
 * 10,000 x loopback, same-zone, cross-region, one trial of short windows, the search refining each
 * placement's change of winner. Measuring: 5 x 3 grid points x 4 sides (the tools, and one client
 * for both: a sweep measures both ways) x (0.5 s + 2 s) = 150 s, plus at most 8 refinement cells x
 * 4 sides x 2.5 s = 80 s: under 4 minutes, more with services, the emulator and each slice's tool
 * start-up on two cores (presets.test.ts keeps the measuring part within 4 minutes). 4 in flight, not 8: at 10,000 records a gRPC reply takes about
 * 100 ms of CPU here, and 8 queued calls left too few completions in a short window.
 */
export const crossoverPreset = definePreset({
  name: "crossover",
  title: "Crossover map",
  description: "At how many records does gRPC start to win on item.list, on loopback, in one zone and across regions?",
  spec: {
    workloads: ["item.list"],
    cacheModes: ["warm"],
    network: ["loopback", "same-zone", "cross-region"],
    connections: 4,
    grpcConnections: 1,
    durationMs: 2_000,
    warmupMs: 500,
    trials: 1,
    serverDelayMs: 0,
    sweep: {
      axes: [
        { dimension: "records", values: [1, 10, 100, 1_000, 10_000] },
        { dimension: "network", values: ["loopback", "same-zone", "cross-region"] },
      ],
      refine: { resolution: 1.25, maxPoints: 8 },
    },
  },
  notes: [
    "Each grid point is item.list at that record count; where the p50 winner changes, counts in between are added.",
    "One trial of 2 s windows: a crossover is where the winner changes, not a threshold; --trials 3 to pin it down.",
  ],
});
