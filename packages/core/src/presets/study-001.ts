import { definePreset, type PublishedFigureDefinition } from "./preset";
import { thinkingUsersLoad, type ThinkingUsersLoad } from "./thinking-users";

/**
 * The study's load: Locust users, each with one HTTP session and one gRPC channel, picking a task
 * by weight (simple 3, stream 2, payload 1), running it, then thinking U(0.1, 1.0) s. Its durations
 * are the study's sleeps (lower bounds of each call): a simple call 10 ms, a stream of 100 messages
 * 10 ms apart 1 s, a 1 MiB payload 20 ms. A stream takes 100x a simple call, so by Little's law most
 * users not thinking are streaming: the load is the arithmetic below, not users / 20.
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

const round = (x: number, digits = 0) => x.toFixed(digits);

/** One level's arithmetic in words. */
function levelArithmetic(level: (typeof levels)[number]): string {
  const load = study001Load(level.users);
  const task = (name: keyof typeof STUDY_001_TASKS) => load.tasks[name]!;
  return (
    `${level.name}, ${level.users} users: ${level.users} / (${round(load.meanTaskSeconds, 3)} s mean task + ` +
    `${round(load.meanThinkSeconds, 2)} s mean think) = ${round(load.perSecond)} tasks/s, of which simple ` +
    `${round(task("simple").perSecond)}/s, stream ${round(task("stream").perSecond)}/s, payload ` +
    `${round(task("payload").perSecond)}/s; in flight (rate x duration) ${round(task("stream").inFlight)} streams, ` +
    `${round(task("simple").inFlight, 1)} simple calls, ${round(task("payload").inFlight, 1)} payloads; ` +
    `${round(load.thinking)} users thinking.`
  );
}

/**
 * Light's figures, compared on loopback and at same-zone: the study's client and servers were
 * separate VMs in one zone, the nearer of the two; loopback runs where same-zone cannot be emulated.
 * Medium and Heavy cannot be offered (their streams in flight exceed the connection bound): their
 * figures are in the notes, not compared.
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

const otherLevels = table
  .map(
    ([, label, byLevel]) =>
      `${label}: ${levels
        .slice(1)
        .map((level, i) => {
          const [restMs, grpcMs, restRps, grpcRps] = byLevel[i + 1]!;
          return `${level.name} ${restMs}/${grpcMs} ms, ${restRps}/${grpcRps} req/s`;
        })
        .join("; ")}`,
  )
  .join(" | ");

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
  calibration: null,
  notes: [
    'Stacks: the headline pair is the study\'s own, fastapi (FastAPI on uvicorn, one process) against grpcio (grpcio\'s synchronous server); express against grpc-js is measured in the same trials beside it. Each published figure is shown twice, labelled with the pair it sits beside: "(fastapi vs grpcio)" and "(express vs grpc-js)"; the stack comparisons give Node\'s own REST-against-gRPC verdict with its 95% interval, and the layer walk the runtime step on each side (express -> fastapi, grpc-js -> grpcio).',
    "What still differs from the study: the hardware (GCP VMs of 2 vCPU, REST and gRPC on different VMs, against one machine here for all four stacks); the versions (services/python/requirements.txt pins this machine's FastAPI, uvicorn and grpcio; the study's were not published); the server settings (grpcio serves from a pool of 10 threads, GRPCIO_MAX_WORKERS, the pool of grpcio's own examples: Light's ~185 streams in flight queue behind it, as they would have on a server with that pool); and the client: Locust's Python users there, autocannon (REST) and ghz (gRPC) here, open loop at each task's rate.",
    "Placement: the study's Locust client and its servers were separate VMs in one zone, so the preset runs at same-zone (0.5 ms RTT, emulated between the load generators and the services) as well as on loopback, and compares the Light figures under each. At packet level (the default as root on Linux, docs/packet-emulator.md) the generators sit in a network namespace of their own and every packet waits half the RTT on arrival each way: connects pay their round trip and the 1 MiB uploads slow-start as on a real link, while Redis and MariaDB stay beside the services.",
    "What the packet level does not reproduce: no loss or reordering, one kernel and MTU on both ends, and the emulator's CPU (printed beside the placements) taken from the machine the generators and services share. With Toxiproxy instead (--emulator proxy, or not root), same-zone is refused (whole milliseconds per direction, so 0.5 ms RTT cannot be reached): its figures are listed unmeasured with the reason, and loopback's are compared; a TCP proxy also delays data but not the handshake, and has no congestion window.",
    `The study's load by Little's law (a user runs one task, then thinks U(0.1, 1.0) s; weights simple 3 / stream 2 / payload 1; durations are the study's sleeps: simple 10 ms, stream 100 x 10 ms = 1 s, payload 20 ms, so real calls only add to them): ${levels.map(levelArithmetic).join(" ")}`,
    `What runs: each task alone, open loop at the rate Light's users offer it, over one connection (REST) and one channel (gRPC) per user it keeps in flight plus headroom: ${Object.entries(
      lightLoads,
    )
      .map(([workload, load]) => `${workload} ${load.rate} req/s over ${load.connections} connections`)
      .join(
        ", ",
      )}. Latency is counted from each call's intended send time (corrected for coordinated omission), so a protocol that cannot keep up shows it.`,
    "Why not the users themselves: neither load generator has think time, a weighted mix of methods with per-task figures, or one session per user (autocannon paces one rate over its connections; ghz calls one method per run at one constant rate), and a mix faked inside one run would report one latency for three different calls. So the three tasks do not run at the same time, as they did in the study: each has the machine to itself.",
    `Medium (1000 users) and Heavy (5000) need ${levels
      .slice(1)
      .map((level) => round(study001Load(level.users).tasks.stream!.inFlight))
      .join(
        " and ",
      )} streams in flight, beyond the 256-connection bound: they are not offered, and their figures are not compared (REST/gRPC as published: ${otherLevels}).`,
    "--rate or --connections on the command line replace these per-task loads with the one load given, for every task.",
    "serverDelayMs 10 means, per workload: echo sleeps 10 ms per call; stream sleeps 10 ms before each of its 100 messages (>= 1 s per stream); upload sleeps 10 ms per MiB received. The study slept 20 ms per MiB: with one delay knob, Relix's upload waits 10 ms less per call than the study's.",
    "Every published gRPC latency is 1.75 ms: an artefact of server-side histogram buckets, not a measurement. The published REST latencies are below the 10 ms sleep, so they are not end-to-end either. Relix's latencies are client-side, per call, from HDR histograms.",
    "Compare the gRPC/REST ratios, not the absolute numbers: the published throughputs are what think-time-limited users achieved (and contradict the 3:2:1 weights: payload, the lightest weight, has the highest rate), while the preset measures capacity.",
    "The study's upload sent REST a JSON string of 1 MiB of \"x\"; Relix's REST upload posts the raw bytes (the JSON string would add only its quotes and the JSON parse).",
    "Max CPU % (REST ~57-61%, gRPC ~27-32% of a 2 vCPU VM) is not compared: Relix reports server CPU time per 1,000 requests, which does not depend on the VM size.",
    "Not reproduced: REST and gRPC on different VMs, server-side buckets as the only latency source, a throughput column labelled in ms, 2-minute runs without repeats. Relix runs both on one machine, alternating, 3 trials.",
  ],
});
