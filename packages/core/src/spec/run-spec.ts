import { z } from "zod";
import { workloadIds } from "../catalog/catalog";
import { cacheModes } from "../calls/cache-mode";
import { specBounds as b } from "./bounds";
import { networkSchema } from "../network/placements";
import { DEFAULT_STACKS, stackIdSchema, stackIds } from "../stacks/stacks";
import { sweepSchema } from "../sweep/sweep-spec";

/**
 * How the REST client uses TCP: keep-alive reuses each connection for every call; per-request
 * opens one per call and closes it after the response, with the connect inside the call's latency
 * (the way a client without a session, such as study 004's, calls).
 */
export const restConnectionPolicies = ["keep-alive", "per-request"] as const;
export type RestConnectionPolicy = (typeof restConnectionPolicies)[number];

const int = (bound: { min: number; max: number }) => z.number().int().min(bound.min).max(bound.max);

/**
 * One workload's own load: open loop at `rate` requests/s per protocol over `connections` in-flight
 * slots, each its own TCP connection (REST) and its own HTTP/2 channel (gRPC): one per user.
 */
export const workloadLoadSchema = z
  .object({ rate: int(b.rate), connections: int(b.connections) })
  .strict()
  .refine((load) => load.connections <= Math.max(1, load.rate) * 60, {
    message: "more connections than 60 s of requests at this rate would ever use",
    path: ["connections"],
  });
export type WorkloadLoad = z.infer<typeof workloadLoadSchema>;

/**
 * What a run measures. It names workloads from the catalog and knobs within bounds; it can
 * never name a URL, a host or a port: the runner only sends load to the services it was
 * configured with.
 */
export const runSpecSchema = z
  .object({
    preset: z.string().max(40).optional(),
    workloads: z
      .array(z.enum(workloadIds as [string, ...string[]]))
      .min(b.workloads.min)
      .max(b.workloads.max),
    cacheModes: z.array(z.enum(cacheModes)).min(1).max(cacheModes.length).default(["warm"]),
    /**
     * Where the services sit as seen from the load generators (network/placements.ts): every cell
     * is measured under each placement. Absent in specs written before = loopback only.
     */
    network: networkSchema.default(["loopback"]),
    /**
     * The stacks every cell is measured through (stacks/stacks.ts), always with express and
     * grpc-js, which every other stack is compared with. Absent in specs written before = those two.
     */
    stacks: z
      .array(stackIdSchema)
      .min(2)
      .max(stackIds.length)
      .refine((list) => new Set(list).size === list.length, { message: "each stack may be listed once" })
      .refine((list) => list.includes("express") && list.includes("grpc-js"), {
        message: "express and grpc-js are always measured: every other stack is compared with both",
      })
      .default([...DEFAULT_STACKS]),
    /** In-flight requests on both sides: autocannon connections (pipelining 1) = ghz concurrency. */
    connections: int(b.connections).default(8),
    /** HTTP/2 connections ghz spreads its workers over (its default is 1: shared). */
    grpcConnections: int(b.grpcConnections).default(1),
    /** REST's TCP policy; gRPC always reuses its channel (see restConnectionPolicies). */
    restConnection: z.enum(restConnectionPolicies).default("keep-alive"),
    /** The measured window. */
    durationMs: int(b.durationMs).default(5_000),
    /** Alternatively a number of requests per cell (the window then ends when they are done). */
    requests: int(b.requests).optional(),
    warmupMs: int(b.warmupMs).default(1_000),
    /** Open loop at this many requests/s per protocol; absent = closed loop ("service time"). */
    rate: int(b.rate).optional(),
    /**
     * A load of its own for some workloads, replacing rate and connections for their cells: what a
     * mix of users offers each task (study 001's thinking users, by Little's law: presets/thinking-users.ts).
     */
    workloadLoads: z.partialRecord(z.enum(workloadIds as [string, ...string[]]), workloadLoadSchema).optional(),
    trials: int(b.trials).default(1),
    payloadBytes: int(b.payloadBytes).default(1024 * 1024),
    streamMessages: int(b.streamMessages).default(100),
    /** Records in one reply of item.list and item.stream. */
    records: int(b.records).default(100),
    /** Bytes of the message echo sends and gets back; absent = study 001's ~0.5 KB message. */
    echoBytes: int(b.echoBytes).optional(),
    dotLength: int(b.dotLength).default(100),
    keyCount: int(b.keyCount).default(100),
    serverDelayMs: int(b.serverDelayMs).default(0),
    /**
     * Keep the load generator and the services (APIs, Redis, MariaDB) on disjoint cores (Linux,
     * 2+ cores, taskset). Absent = PIN_CORES_BY_DEFAULT, so specs written before keep their meaning.
     */
    pinCores: z.boolean().optional(),
    /** Map one or two dimensions instead of one point, and find where the verdict changes (sweep/). */
    sweep: sweepSchema.optional(),
  })
  .strict();

/** Whether a spec that does not say pins cores; chosen by measurement (docs/measurement.md, `pnpm bench:pinning`). */
export const PIN_CORES_BY_DEFAULT = false;

export type RunSpec = z.infer<typeof runSpecSchema>;
export type RunSpecInput = z.input<typeof runSpecSchema>;
