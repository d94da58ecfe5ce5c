import { definePreset } from "./preset";

/**
 * A first answer within 90 s on a 2-core machine, service start included, to the two questions a
 * cell answers: latency at one call in flight and calls per server core at 8. 4 cells x 4 sides
 * (REST and gRPC at 8 in flight, again at 1) x 3 launches x (0.25 s warm-up + 0.6 s) = 41 s of
 * measuring (presets.test.ts keeps it <= 45 s); each launch starts the services afresh, since a
 * launch carries an effect of its own: half or more of a launch mean's variance in calls per core
 * here (docs/results.md, "Where the variance lives"). One client for both sides (relix-load): the
 * headline is chosen before the run; `--clients both` adds autocannon's and ghz's view beside it.
 */
export const quickPreset = definePreset({
  name: "quick",
  title: "Quick look",
  description:
    "Is gRPC faster than REST here, from the floor to a large payload and a stream: latency at one call in flight and calls per core, in 90 s?",
  spec: {
    workloads: ["noop", "item.get", "meteorites.get", "stream"],
    cacheModes: ["warm"],
    clients: "equal",
    connections: 8,
    grpcConnections: 1,
    durationMs: 600,
    warmupMs: 250,
    trials: 3,
    streamMessages: 100,
    serverDelayMs: 0,
  },
  notes: [
    "3 launches (services restarted each), 0.6 s windows at 8 and at 1 in flight: intervals over launches.",
    "relix-load drives both sides (server + wire); --clients both adds autocannon and ghz beside it.",
  ],
});
