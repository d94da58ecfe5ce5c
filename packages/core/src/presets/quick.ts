import { definePreset } from "./preset";

/**
 * A first answer in a minute or two on a 2-core machine, service start included: 6 cells x 2
 * protocols x 1 trial x (0.5 s warm-up + 2 s) = 30 s of measuring (presets.test.ts keeps it <= 45 s).
 */
export const quickPreset = definePreset({
  name: "quick",
  title: "Quick look",
  description:
    "Is gRPC faster than REST here, from the protocol floor to a large payload and a stream, in a minute or two?",
  spec: {
    workloads: ["noop", "item.get", "meteorites.get", "stream"],
    cacheModes: ["warm", "cold"],
    connections: 8,
    grpcConnections: 1,
    durationMs: 2_000,
    warmupMs: 500,
    trials: 1,
    streamMessages: 100,
    serverDelayMs: 0,
  },
  notes: [
    "One trial, with REST and gRPC taking turns in slices of the 2 s window (up to 8 each, A B B A ...): each verdict's 95% interval comes from the ratios of the paired slices, so a drift of the machine during the run is inside it. `pnpm bench:calibrate` shows how often such intervals hold on this machine (docs/measurement.md).",
    "Cache modes apply to the workloads that read through the cache (item.get, meteorites.get): each runs warm and cold; noop and stream run once.",
    "2 s windows keep the run short; percentiles beyond p99 rest on few samples at this length.",
    "A workload whose load generators spend CPU per call more than 2x apart (meteorites.get and the stream here: ghz decodes every reply) is measured with one client for both too, in the same trials, and its verdict rests on that: those cells take about twice as long, so the run takes about a minute and a half rather than one.",
  ],
});
