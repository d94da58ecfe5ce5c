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
  calibration: null,
  notes: [
    "Each grid point is one cell: item.list with the reply's record count set to the point's value, measured like any other cell. Where the p50 winner changes between two neighbouring counts, the run measures counts in between (geometric bisection) until the crossover is bracketed within 25% or 8 added cells are spent, shared across the placements.",
    "One trial of 2 s windows, REST and gRPC taking turns in slices: each verdict's 95% interval comes from the paired slices' ratios; where a large reply or a long round trip leaves too few calls for four slices of 30 (10,000 records, cross-region), the sides run one block each and the interval (sub-windows, or resampled calls) sees only the noise inside each block, which the report flags. A crossover is where the winner changes, not a precise threshold; run with --trials 3 before reading much into its exact place.",
    "At 10,000 records a reply is about 1 MiB of JSON (740 KiB of protobuf): on a busy two-core machine, or across regions, a side may complete fewer than 10 calls within the 2 s window; that point's verdict then has no interval ('(1 trial)'), or none at all ('-' in the grid) without a call, and its row is read from the other sizes. Lengthen the window (--duration 5s) to measure it.",
    "Placements other than loopback go through the packet emulator where the runner can make network namespaces (root on Linux with NFQUEUE), which reaches same-zone's 0.5 ms; elsewhere they go through Toxiproxy on 127.0.0.1, where same-zone is refused (Toxiproxy adds latency in whole milliseconds), so its row is reported as refused and the others are measured.",
  ],
});
