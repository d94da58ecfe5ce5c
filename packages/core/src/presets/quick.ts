import { definePreset } from "./preset";

/**
 * A first answer in about a minute on a 2-core machine, service start included: 4 cells x 4 sides
 * (REST and gRPC by their tools, and again by one client for both) x 1 trial x (0.4 s warm-up +
 * 1.5 s) = 30 s of measuring (presets.test.ts keeps it <= 45 s), about 53 s of wall time here with
 * each slice's tool start-up. Measuring every cell both ways, rather than only where the tools' CPU
 * per call differs more than 1.1x, keeps a cell's verdict on the same client from one run to the
 * next whatever a warm-up reads: item.get's tools once sat near the factor of the day (2x), and its
 * verdict flipped between the two views.
 */
export const quickPreset = definePreset({
  name: "quick",
  title: "Quick look",
  description:
    "Is gRPC faster than REST here, from the protocol floor to a large payload and a stream, with one client for both and with the usual tools, in about a minute?",
  spec: {
    workloads: ["noop", "item.get", "meteorites.get", "stream"],
    cacheModes: ["warm"],
    clients: "both",
    connections: 8,
    grpcConnections: 1,
    durationMs: 1_500,
    warmupMs: 400,
    trials: 1,
    streamMessages: 100,
    serverDelayMs: 0,
  },
  notes: [
    "One trial of 1.5 s windows, REST and gRPC taking turns in slices: each 95% interval is from the paired slices.",
    "Verdicts rest on h2load, one client for both, the tools' figure beside them; --cache warm,cold adds cold reads.",
  ],
});
