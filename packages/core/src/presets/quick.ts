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
  calibration:
    "Calibrated here on 2026-11-27 (`pnpm bench:calibrate --repeat 20`, quiet machine, the latest of four sessions that day): p50 intervals held the median of 20 reruns 19/20 (noop), 19/20 (item.get), 18/20 (meteorites.get) and 19/20 (the stream), and no two reruns named opposite winners at p50 (the stream's p99 had 5 pairs). The session before read 19, 16, 19 and 19 (three item.get reruns at 1.44x to 1.57x against a median of 1.26x), and its spreads held this session's reruns 19, 20, 19 and 19 of 20, on runs they were not fitted to. Each comparison's largest kept spread of the last three sessions (noop 11%, item.get 5%, meteorites.get 8%, stream 11% at p50; the stream's p99 52%) ships as the reference machine's and widens later quick runs' intervals on any machine that has not calibrated its own: widened, every session's p50 intervals held 19 or 20 of 20, and no opposite winners. The first session that day found meteorites.get's reruns far more scattered (0.47x to 0.91x; 13/20 on their own intervals): calibrate on your machine. meteorites.get's p99 has no interval at this length.",
  notes: [
    "One trial, the sides taking turns in slices of the 1.5 s window (up to 8 each, A B B A ...): each verdict's 95% interval comes from the ratios of the paired slices, so a drift of the machine during the run is inside it. `pnpm bench:calibrate` shows how often such intervals hold on this machine (docs/measurement.md).",
    "Every cell is measured twice in the same trials: by the tools (autocannon for REST, ghz for gRPC) and by one client for both (h2load), and its verdict rests on the latter, with the tools' figure and each side's client step beside it. ghz spends 1.4x (noop) to 30x (meteorites.get) autocannon's CPU per call here, on two cores it shares with the servers, and its own time per call is inside every latency it measures, so the tools' figure is partly about the tools.",
    "Warm cache only, to stay within a minute: add `--cache warm,cold` for the cold reads (about 25 s more).",
    "1.5 s windows keep the run short; percentiles beyond p99 rest on few samples at this length, and meteorites.get's 245 KB replies fill only four slices a side.",
  ],
});
