import { definePreset, type PublishedFigureDefinition } from "./preset";
import { thinkingUsersLoad, type ThinkingUsersLoad } from "./thinking-users";

/**
 * The study's load: Locust users, each with one HTTP session and one gRPC channel, picking a task
 * by weight (simple 3, stream 2, payload 1), running it, then thinking U(0.1, 1.0) s. Its durations
 * are the study's sleeps (lower bounds of each call): a simple call 10 ms, a stream of 100 messages
 * 10 ms apart 1 s, a 1 MiB payload 20 ms. A stream takes 100x a simple call, so by Little's law most
 * users not thinking are streaming: the load is this arithmetic (docs/presets.md#study-001 works
 * it through for each level), not users / 20.
 *
 * Neither load generator runs such users: neither has think time, a weighted mix of methods with
 * per-task figures, or per-user state. The faithful approximation Relix runs instead: each task
 * alone, open loop at the rate the Light level's users offer it (Little's law), over one
 * connection and one gRPC channel per user it keeps in flight, plus headroom (spec.workloadLoads).
 */
export const STUDY_001_TASKS = {
  simple: { workload: "echo", weight: 3, seconds: 0.01 },
  stream: { workload: "stream", weight: 2, seconds: 1.0 },
  payload: { workload: "upload", weight: 1, seconds: 0.02 },
} as const;

export function study001Load(users: number): ThinkingUsersLoad {
  return thinkingUsersLoad({ users, thinkSeconds: { min: 0.1, max: 1.0 }, tasks: STUDY_001_TASKS });
}

const levels = [
  { name: "Light", users: 500 },
  { name: "Medium", users: 1000 },
  { name: "Heavy", users: 5000 },
] as const;

/**
 * Connections (and gRPC channels) per task at Light: its users in flight by Little's law (2.8
 * simple calls, 187 streams, 1.9 payloads) with headroom, so a slow moment queues on the schedule
 * (and shows in the corrected latency) rather than on a missing connection.
 */
const LIGHT_CONNECTIONS = { simple: 16, stream: 250, payload: 8 } as const;

/** Each task's own load at Light: its Little's-law rate over its connections. */
const lightLoads = Object.fromEntries(
  (Object.keys(STUDY_001_TASKS) as (keyof typeof STUDY_001_TASKS)[]).map((name) => [
    STUDY_001_TASKS[name].workload,
    {
      rate: Math.round(study001Load(levels[0].users).tasks[name]!.perSecond),
      connections: LIGHT_CONNECTIONS[name],
    },
  ]),
);

const latencyNote =
  "Published latencies come from server-side Prometheus buckets: every gRPC cell is 1.75 ms (a bucket artefact, likely histogram_quantile interpolating inside one bucket), and the REST ones are below the server's own 10 ms sleep, so neither is an end-to-end latency. Shown for reference; measured is Relix's client-side p50.";
const throughputNote =
  "Published: what Locust's think-time-limited users achieved with a 3:2:1 task mix; measured: the successful responses per second of this task alone at the rate Light's users offer it, so a protocol that keeps up shows that rate.";

/** [workload, label, per level: REST ms, gRPC ms, REST req/s, gRPC req/s] as published. */
const table = [
  [
    "echo",
    "simple",
    [
      [0.246, 1.75, 121, 229],
      [0.681, 1.75, 116, 205],
      [6.19, 1.75, 94, 175],
    ],
  ],
  [
    "upload",
    "large payload",
    [
      [1.66, 1.75, 345, 687],
      [3.55, 1.75, 343, 647],
      [10, 1.75, 309, 536],
    ],
  ],
  [
    "stream",
    "streaming",
    [
      [0.103, 1.75, 173, 341],
      [0.208, 1.75, 183, 324],
      [1.4, 1.75, 134, 261],
    ],
  ],
] as const;

/**
 * Light's figures, compared on loopback and at same-zone: the study's client and servers were
 * separate VMs in one zone, the nearer of the two; loopback runs where same-zone cannot be emulated.
 * Medium and Heavy cannot be offered (their streams in flight exceed the connection bound): their
 * figures are in docs/presets.md, not compared.
 */
const published: PublishedFigureDefinition[] = (["loopback", "same-zone"] as const).flatMap((placement) =>
  table.flatMap(([workload, label, byLevel]) => {
    const [restMs, grpcMs, restRps, grpcRps] = byLevel[0];
    const at = `Light (${levels[0].users} users)`;
    return [
      {
        workload,
        cacheMode: "none",
        label: `${label} latency, ${at}`,
        unit: "ms",
        rest: restMs,
        grpc: grpcMs,
        measure: "p50Ms",
        placement,
        note: latencyNote,
      },
      {
        workload,
        cacheMode: "none",
        label: `${label} throughput, ${at}`,
        unit: "req/s",
        rest: restRps,
        grpc: grpcRps,
        measure: "rps",
        placement,
        note: throughputNote,
      },
    ] satisfies PublishedFigureDefinition[];
  }),
);

export const study001Preset = definePreset({
  name: "study-001",
  title: "Study 001: IIT Jodhpur (FastAPI vs Python gRPC, Locust, 2 vCPU)",
  description:
    "With a 10 ms server sleep, does gRPC carry more simple calls, 1 MiB uploads and 100-message streams than REST?",
  spec: {
    workloads: ["echo", "stream", "upload"],
    cacheModes: ["warm"],
    // The study's own runtime as the headline, Node's pair measured in the same trials beside it.
    stacks: ["express", "fastapi", "grpc-js", "grpcio"],
    pair: { rest: "fastapi", grpc: "grpcio" },
    network: ["loopback", "same-zone"],
    workloadLoads: lightLoads,
    durationMs: 10_000,
    warmupMs: 2_000,
    trials: 3,
    serverDelayMs: 10,
    payloadBytes: 1024 * 1024,
    streamMessages: 100,
  },
  published,
  notes: [
    "Each published figure appears twice: (fastapi vs grpcio), the study's own pair, and (express vs grpc-js).",
    "Each task runs alone at the rate the Light level's 500 users offer it; Medium and Heavy are not run.",
  ],
});
