// The fields that shape the load: in-flight requests, connections, windows, rate, trials, cores.
import { z } from "zod";
import { formatDuration } from "../render/format";
import { specBounds as b } from "../spec/bounds";
import { workloadLoadsSchema } from "../spec/workload-load-schema";
import { parseChoice, parseCount, parseDurationMs, parseOnOff, rangeText as range } from "./flag-values";
import { singleFlag } from "./one-flag";
import { defineRunField } from "./run-field";

const int = (bound: { min: number; max: number }) => z.number().int().min(bound.min).max(bound.max);

/**
 * How the REST client uses TCP: keep-alive reuses each connection for every call; per-request
 * opens one per call and closes it after the response, with the connect inside the call's latency
 * (the way a client without a session, such as study 004's, calls).
 */
export const restConnectionPolicies = ["keep-alive", "per-request"] as const;
export type RestConnectionPolicy = (typeof restConnectionPolicies)[number];

/** Whether a spec that does not say pins cores; chosen by measurement (docs/measurement.md, `pnpm bench:pinning`). */
export const PIN_CORES_BY_DEFAULT = false;

/** In-flight requests on both sides: autocannon connections (pipelining 1) = ghz concurrency. */
export const connectionsField = defineRunField({
  key: "connections",
  schema: int(b.connections).default(8),
  sweepDimension: "connections",
  cli: singleFlag(
    {
      name: "connections",
      value: "N",
      example: "32",
      help: `requests in flight per protocol: autocannon connections = ghz concurrency; ${range(b.connections)}`,
    },
    (flag, raw) => parseCount(flag, raw, b.connections),
    String,
  ),
  form: {
    input: "count",
    key: "connections",
    id: "connections",
    label: "Connections (in flight)",
    name: "Connections",
    hint: "same on both sides",
  },
});

/** HTTP/2 connections ghz spreads its workers over (its default is 1: shared). */
export const grpcConnectionsField = defineRunField({
  key: "grpcConnections",
  schema: int(b.grpcConnections).default(1),
  cli: singleFlag(
    {
      name: "grpc-connections",
      value: "N",
      example: "8",
      help: `HTTP/2 connections ghz spreads them over (1 = shared, ghz's default; = --connections matches REST's TCP count); ${range(b.grpcConnections)}`,
    },
    (flag, raw) => parseCount(flag, raw, b.grpcConnections),
    String,
  ),
  form: {
    input: "count",
    key: "grpcConnections",
    id: "grpcConnections",
    label: "gRPC connections (HTTP/2)",
    name: "gRPC connections",
    hint: "ghz default 1: shared",
  },
});

/** REST's TCP policy; gRPC always reuses its channel (see restConnectionPolicies). */
export const restConnectionField = defineRunField({
  key: "restConnection",
  schema: z.enum(restConnectionPolicies).default("keep-alive"),
  cli: singleFlag(
    {
      name: "rest-connection",
      value: "POLICY",
      example: "per-request",
      help: `REST's TCP connections: ${restConnectionPolicies.join(" or ")} (a new connection per call, its connect inside the latency); gRPC always reuses its channel`,
    },
    (flag, raw) => parseChoice(flag, raw, restConnectionPolicies),
    String,
  ),
  form: {
    input: "choice",
    key: "restConnection",
    id: "restConnection",
    label: "REST connections (TCP)",
    name: "REST connections",
    hint: "per-request: a new connection per call; gRPC reuses its channel",
    choices: restConnectionPolicies,
  },
});

/**
 * Which client programs drive the stacks: "tools" the load generator each stack's record names
 * (autocannon, ghz, h2load), "equal" one program for every stack (relix-load, native/load-client,
 * over HTTP/1.1 or h2, gRPC calls as framed protobuf bodies with their status read from trailers), so a verdict is about the protocols, not the tools;
 * "both" the tools and, in the same trials, one client for the headline pair, in every cell, the
 * headline resting on that one client. Which client a verdict rests on is fixed here, before the
 * run, never by what the run reads.
 */
export const clientModes = ["tools", "equal", "both"] as const;
export type ClientMode = (typeof clientModes)[number];

export const clientsField = defineRunField({
  key: "clients",
  schema: z.enum(clientModes).default("tools"),
  cli: singleFlag(
    {
      name: "clients",
      value: "MODE",
      example: "equal",
      help: `client programs: tools (each stack's own: autocannon, ghz, h2load; the headline is theirs), equal (relix-load for every stack: every key sent, gRPC as framed protobuf bodies, each call's status read from its reply or its trailers; closed or open loop, kept or per-call HTTP/1.1 connections) or both (the tools, and relix-load for the pair in every cell, in the same trials)`,
    },
    (flag, raw) => parseChoice(flag, raw, clientModes),
    String,
  ),
  form: {
    input: "choice",
    key: "clients",
    id: "clients",
    label: "Clients",
    name: "Clients",
    hint: "equal: one client program (relix-load) for every stack, the servers and the wire measured alike; both: the tools and relix-load, every cell",
    choices: clientModes,
  },
});

/** The measured window. */
export const durationField = defineRunField({
  key: "durationMs",
  schema: int(b.durationMs).default(5_000),
  cli: singleFlag(
    {
      name: "duration",
      value: "DURATION",
      example: "10s",
      help: `measured window per cell and protocol: 500ms, 10s, 2m or a number of seconds; ${range(b.durationMs, formatDuration)}`,
    },
    (flag, raw) => parseDurationMs(flag, raw, b.durationMs),
    formatDuration,
  ),
  form: { input: "seconds", key: "durationSeconds", id: "duration", label: "Measured window, s", name: "Duration" },
});

/** Alternatively a number of requests per cell (the window then ends when they are done). */
export const requestsField = defineRunField({
  key: "requests",
  schema: int(b.requests).optional(),
  cli: singleFlag(
    {
      name: "requests",
      value: "N",
      example: "10000",
      help: `end each window after N requests instead of a duration (not with --duration); in a closed loop each side stops at its share of the run's time limit if that comes first; ${range(b.requests)}`,
      default: "by duration",
    },
    (flag, raw) => parseCount(flag, raw, b.requests),
  ),
  // The form sets windows by time; the runner's word on a count (its time cap) belongs there.
  formErrorsOn: "durationMs",
});

export const warmupField = defineRunField({
  key: "warmupMs",
  schema: int(b.warmupMs).default(1_000),
  cli: singleFlag(
    {
      name: "warmup",
      value: "DURATION",
      example: "2s",
      help: `warm-up before each window, discarded on both sides; ${range(b.warmupMs, formatDuration)}`,
    },
    (flag, raw) => parseDurationMs(flag, raw, b.warmupMs),
    formatDuration,
  ),
  form: {
    input: "seconds",
    key: "warmupSeconds",
    id: "warmup",
    label: "Warm-up, s",
    name: "Warm-up",
    hint: "discarded on both sides",
  },
});

/** Open loop at this many requests/s per protocol; absent = closed loop ("service time"). */
export const rateField = defineRunField({
  key: "rate",
  schema: int(b.rate).optional(),
  cli: singleFlag(
    {
      name: "rate",
      value: "N",
      example: "1000",
      help: `open loop: N requests/s per protocol, sent on a schedule; latency is shown raw and corrected (from each request's due time); ${range(b.rate)}`,
      default: "closed loop (as fast as the in-flight requests allow)",
    },
    (flag, raw) => parseCount(flag, raw, b.rate),
  ),
  form: {
    input: "count",
    key: "rate",
    id: "rate",
    label: "Rate, req/s per protocol",
    name: "Rate",
    unit: "req/s",
    hint: "empty: closed loop (service time)",
    placeholder: "closed loop",
    optional: true,
  },
});

/**
 * A load of its own for some workloads, replacing rate and connections for their cells: what a
 * mix of users offers each task (study 001's thinking users, by Little's law: presets/thinking-users.ts).
 * Only presets set it.
 */
export const workloadLoadsField = defineRunField({ key: "workloadLoads", schema: workloadLoadsSchema.optional() });

export const trialsField = defineRunField({
  key: "trials",
  schema: int(b.trials).default(1),
  cli: singleFlag(
    {
      name: "trials",
      value: "N",
      example: "3",
      help: `repeats of every cell, protocols alternating first; ${range(b.trials)}`,
    },
    (flag, raw) => parseCount(flag, raw, b.trials),
    String,
  ),
  form: {
    input: "count",
    key: "trials",
    id: "trials",
    label: "Trials",
    name: "Trials",
    hint: "≥ 3 for an interval between runs; 1 gives one within the window",
  },
});

/**
 * Keep the load generator and the services (APIs, Redis, MariaDB) on disjoint cores (Linux,
 * 2+ cores, taskset). Absent = PIN_CORES_BY_DEFAULT, so specs written before keep their meaning.
 */
export const pinCoresField = defineRunField({
  key: "pinCores",
  schema: z.boolean().optional(),
  cli: singleFlag(
    {
      name: "pin-cores",
      value: "on|off",
      example: "on",
      help: "keep the load generator and the services (APIs, Redis, MariaDB) on disjoint cores (Linux, 2+ cores, taskset; only services this run starts)",
      default: PIN_CORES_BY_DEFAULT ? "on" : "off",
    },
    parseOnOff,
  ),
  // Read-only in the form: the runner's default; `pnpm bench --pin-cores on|off` chooses per run.
  form: {
    input: "shown",
    id: "pinCores",
    label: "Cores",
    text: PIN_CORES_BY_DEFAULT ? "load generator and services pinned apart" : "shared by load generator and services",
    hint: "runner default; pnpm bench --pin-cores on|off chooses per run (Linux, 2+ cores)",
  },
});
