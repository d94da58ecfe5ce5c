import { definePreset } from "./preset";

/**
 * A first answer in about a minute on a 2-core machine, service start included: 6 cells x 2
 * protocols x 1 trial x (0.5 s warm-up + 2 s) = 30 s of measuring (presets.test.ts keeps it <= 45 s).
 */
export const quickPreset = definePreset({
  name: "quick",
  title: "Quick look",
  description:
    "Is gRPC faster than REST here, from the protocol floor to a large payload and a stream, in about a minute?",
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
    "One trial: each verdict's 95% interval comes from sub-windows of its 2 s window (batch means), or, for a p50 with too few calls for those, from resampling the calls themselves; either way it shows the noise within the run, not between runs. Use --trials 3 (or a study preset) before trusting a small difference.",
    "Cache modes apply to the workloads that read through the cache (item.get, meteorites.get): each runs warm and cold; noop and stream run once.",
    "2 s windows keep the run short; percentiles beyond p99 rest on few samples at this length.",
  ],
});
