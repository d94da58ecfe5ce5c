import { definePreset, type PublishedFigureDefinition } from "./preset";

/**
 * Locust users -> in-flight requests. A Locust user with 0.1-1.0 s of think time (0.55 s mean) has a
 * request in flight only a few percent of the time (Little's law: R / (R + 0.55 s), ~2-5% for the
 * 10-30 ms calls here), so connections = users / 20 is an upper-end estimate of in-flight load that
 * keeps the levels' 1 : 2 : 10 proportion and fits the 256-connection bound.
 */
const levels = [
  { name: "Light", users: 500, connections: 25 },
  { name: "Medium", users: 1000, connections: 50 },
  { name: "Heavy", users: 5000, connections: 250 },
] as const;

const latencyNote =
  "Published latencies come from server-side Prometheus buckets: every gRPC cell is 1.75 ms (a bucket artefact, likely histogram_quantile interpolating inside one bucket), and the REST ones are below the server's own 10 ms sleep, so neither is an end-to-end latency. Shown for reference; measured is Relix's client-side p50.";
const throughputNote =
  "Published: what Locust's think-time-limited users achieved with a 3:2:1 task mix; measured: closed-loop capacity of this workload alone at the mapped concurrency.";

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

const published: PublishedFigureDefinition[] = table.flatMap(([workload, label, byLevel]) =>
  byLevel.flatMap(([restMs, grpcMs, restRps, grpcRps], i) => {
    const level = levels[i]!;
    const at = `${level.name} (${level.users} users ~ ${level.connections} connections)`;
    return [
      {
        workload,
        cacheMode: "none",
        label: `${label} latency, ${at}`,
        unit: "ms",
        rest: restMs,
        grpc: grpcMs,
        measure: "p50Ms",
        connections: level.connections,
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
        connections: level.connections,
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
    connections: levels[0].connections,
    grpcConnections: 1,
    durationMs: 10_000,
    warmupMs: 2_000,
    trials: 3,
    serverDelayMs: 10,
    payloadBytes: 1024 * 1024,
    streamMessages: 100,
  },
  published,
  notes: [
    "Load levels: Locust users are not connections. Light 500 / Medium 1000 / Heavy 5000 users map to 25 / 50 / 250 connections (users / 20: with 0.1-1.0 s of think time only a few percent of users have a request in flight). The preset runs Light; --connections 50 compares the Medium figures, --connections 250 the Heavy ones. Figures of other levels are left out, not compared against the wrong load.",
    "serverDelayMs 10 means, per workload: echo sleeps 10 ms per call; stream sleeps 10 ms before each of its 100 messages (>= 1 s per stream); upload sleeps 10 ms per MiB received. The study slept 20 ms per MiB: with one delay knob, Relix's upload waits 10 ms less per call than the study's.",
    "Every published gRPC latency is 1.75 ms: an artefact of server-side histogram buckets, not a measurement. The published REST latencies are below the 10 ms sleep, so they are not end-to-end either. Relix's latencies are client-side, per call, from HDR histograms.",
    "Locust mixed the three tasks (weights 3:2:1) with think time; Relix runs one workload at a time in a closed loop, so measured rps is capacity at that concurrency. Compare the gRPC/REST ratios, not the absolute numbers.",
    "The study's upload sent REST a JSON string of 1 MiB of \"x\"; Relix's REST upload posts the raw bytes (the JSON string would add only its quotes and the JSON parse).",
    "Max CPU % (REST ~57-61%, gRPC ~27-32% of a 2 vCPU VM) is not compared: Relix reports server CPU time per 1,000 requests, which does not depend on the VM size.",
    "Not reproduced: REST and gRPC on different VMs, server-side buckets as the only latency source, a throughput column labelled in ms, 2-minute runs without repeats. Relix runs both on one machine, alternating, 3 trials.",
  ],
});
