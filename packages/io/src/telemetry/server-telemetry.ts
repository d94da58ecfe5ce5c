import client from "prom-client";
import type { CacheEvent } from "../repository/cache-aside";
import { createIntervalLatency } from "./interval-latency";
import { createPeakRssSampler } from "./peak-rss";
import { splitOf, startSpan, type RequestSpan } from "./request-span";
import { nowUs } from "./timing";
import { createWireCounter } from "./wire-counter";
import type { Protocol } from "@relix/core/result/result-schema";
import { DEFAULT_PAIR, type StackId } from "@relix/core/stacks/stacks";
import type { Outcome } from "./outcome";

export type { Outcome } from "./outcome";

/** Seconds; fine at the bottom because a warm read on loopback takes well under a millisecond. */
const DURATION_BUCKETS = [
  0.00005, 0.0001, 0.00025, 0.0005, 0.00075, 0.001, 0.0025, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
  10,
];

const DEFAULT_STACK: Record<Protocol, StackId> = DEFAULT_PAIR;

/**
 * The instrumentation every server shares: the same counters, the same server-time span
 * (request in hand, before its body is decoded, to the reply handed to the transport) split into
 * service, codec and rest, the same wire and resource counters. One process may serve several
 * stacks (`sameProcessAs`): each keeps its own requests, split and wire bytes; the process's memory,
 * CPU, cache events and metrics registry are shared.
 */
export function createServerTelemetry(
  protocol: Protocol,
  options: { stack?: StackId; sameProcessAs?: { process: ProcessTelemetry } } = {},
) {
  const shared = options.sameProcessAs?.process ?? createProcessTelemetry(protocol);
  return createStackTelemetry(shared, options.stack ?? DEFAULT_STACK[protocol]);
}
export type ServerTelemetry = ReturnType<typeof createServerTelemetry>;
export type ServerStatsSnapshot = ReturnType<ServerTelemetry["snapshot"]>;

/** What the stacks of one process share: the registry, memory, CPU, cache events, backends. */
function createProcessTelemetry(protocol: Protocol) {
  const registry = new client.Registry();
  registry.setDefaultLabels({ protocol });
  client.collectDefaultMetrics({ register: registry });

  const rss = createPeakRssSampler();
  const cacheCounts: Record<CacheEvent, number> = { hit: 0, miss: 0, bypass: 0, error: 0 };
  let backends: { store: "mysql" | "embedded"; cache: "redis" | "embedded" } | null = null;

  const duration = new client.Histogram({
    name: "relix_server_duration_seconds",
    help: "Server time per request: request in hand to reply handed to the transport",
    labelNames: ["stack", "workload", "outcome"],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const cacheEvents = new client.Counter({
    name: "relix_cache_events_total",
    help: "Cache-aside events: hit, miss, bypass (cold mode), error (fell back to MySQL)",
    labelNames: ["event"],
    registers: [registry],
  });
  const memoryCacheEvents = new client.Counter({
    name: "relix_memory_cache_events_total",
    help: "Cache mode memory's process-local cache-aside events: hit, miss",
    labelNames: ["event"],
    registers: [registry],
  });
  const splitSeconds = new client.Counter({
    name: "relix_server_split_seconds_total",
    help: "Server time split: service (the service call), codec (body encode/decode), rest (the remainder)",
    labelNames: ["stack", "part"],
    registers: [registry],
  });
  const stackWires = new Map<StackId, ReturnType<typeof createWireCounter>>();
  new client.Gauge({
    name: "relix_wire_bytes",
    help: "Bytes read and written at the server's sockets since start",
    labelNames: ["stack", "direction"],
    registers: [registry],
    collect() {
      for (const [stack, wire] of stackWires) {
        const snap = wire.snapshot();
        this.set({ stack, direction: "received" }, snap.bytesReceived);
        this.set({ stack, direction: "sent" }, snap.bytesSent);
      }
    },
  });
  new client.Gauge({
    name: "relix_peak_rss_bytes",
    help: "Peak resident set size since start or the last reset",
    registers: [registry],
    collect() {
      this.set(rss.peak());
    },
  });
  for (const event of Object.keys(cacheCounts)) cacheEvents.inc({ event }, 0);
  // Labelled children resolved once: hashing a label object on every request shows in profiles.
  const durationChildren = new Map<string, { observe(value: number): void }>();
  const durationFor = (stack: StackId, workload: string, outcome: Outcome) => {
    const key = `${stack}|${workload}|${outcome}`;
    let child = durationChildren.get(key);
    if (!child) {
      child = duration.labels({ stack, workload, outcome });
      durationChildren.set(key, child);
    }
    return child;
  };

  return {
    protocol,
    registry,
    rss,
    durationFor,
    splitSeconds,
    stackWires,
    cacheCounts: cacheCounts as Readonly<Record<CacheEvent, number>>,
    backends: () => backends,

    /** Which stores this process reads, so a runner that did not start it can label its results. */
    setBackends: (value: { store: "mysql" | "embedded"; cache: "redis" | "embedded" }) => {
      backends = value;
    },

    /** `memory`: cache mode memory's process-local cache; both count in /stats' hit ratio. */
    cacheEvent: (event: CacheEvent, cache: "shared" | "memory" = "shared") => {
      cacheCounts[event]++;
      (cache === "memory" ? memoryCacheEvents : cacheEvents).inc({ event });
    },

    metricsText: () => registry.metrics(),
    contentType: registry.contentType,
    stop: () => rss.stop(),
  };
}
type ProcessTelemetry = ReturnType<typeof createProcessTelemetry>;

function createStackTelemetry(shared: ProcessTelemetry, stack: StackId) {
  const { protocol, rss, durationFor, splitSeconds } = shared;
  const wire = createWireCounter();
  shared.stackWires.set(stack, wire);
  const interval = createIntervalLatency();
  // `cancelled` is part of `errors` (not ok), counted apart: a client that closes its connection
  // with calls in flight (a load tool at the end of its run) cancels them, which is not a failure
  // the server made, and a reader of the counters must be able to tell the two apart.
  const totals = { requests: 0, errors: 0, cancelled: 0, serverTimeUs: 0 };
  const split = { serviceUs: 0, codecUs: 0, restUs: 0 };
  const splitChildren = {
    service: splitSeconds.labels({ stack, part: "service" }),
    codec: splitSeconds.labels({ stack, part: "codec" }),
    rest: splitSeconds.labels({ stack, part: "rest" }),
  };

  const record = (workload: string, latencyUs: number, outcome: Outcome) => {
    const ok = outcome === "ok";
    totals.requests++;
    if (!ok) totals.errors++;
    if (outcome === "cancelled") totals.cancelled++;
    totals.serverTimeUs += latencyUs;
    durationFor(stack, workload, outcome).observe(latencyUs / 1e6);
    interval.record(latencyUs, ok);
  };

  return {
    protocol,
    stack,
    wire,
    /** Shared with every stack of this process (pass as `sameProcessAs`). */
    process: shared,
    registry: shared.registry,
    setBackends: shared.setBackends,
    cacheEvent: shared.cacheEvent,
    metricsText: shared.metricsText,
    contentType: shared.contentType,
    stop: shared.stop,

    /** Starts one request's span; `startedUs` when the request was in hand before this call. */
    startSpan: (startedUs?: number): RequestSpan => startSpan(startedUs),

    /** Records one finished request and its split (ends the span now). */
    finish(workload: string, span: RequestSpan, outcome: Outcome) {
      const parts = splitOf(span, nowUs());
      split.serviceUs += parts.serviceUs;
      split.codecUs += parts.codecUs;
      split.restUs += parts.restUs;
      splitChildren.service.inc(parts.serviceUs / 1e6);
      splitChildren.codec.inc(parts.codecUs / 1e6);
      splitChildren.rest.inc(parts.restUs / 1e6);
      record(workload, parts.serverUs, outcome);
    },

    /** Records one finished request without a split (counted wholly as rest). */
    observe(workload: string, latencyUs: number, outcome: Outcome) {
      split.restUs += latencyUs;
      splitChildren.rest.inc(latencyUs / 1e6);
      record(workload, latencyUs, outcome);
    },

    /**
     * A JSON snapshot for the runner: cumulative counters to diff between two reads (`split`'s
     * parts add up to `requests.serverTimeUs`), and the server-time percentiles of the interval
     * since the previous read (which that read resets). Memory, CPU and cache are the process's.
     */
    snapshot(options: { resetPeakRss?: boolean; keepInterval?: boolean } = {}) {
      const cpu = process.cpuUsage();
      const snap = {
        protocol,
        stack,
        pid: process.pid,
        takenAt: Date.now(),
        backends: shared.backends(),
        cpu: { userUs: cpu.user, systemUs: cpu.system },
        rss: { currentBytes: rss.current(), peakBytes: rss.peak(), peakSinceMs: rss.since() },
        wire: wire.snapshot(),
        requests: { ...totals },
        split: { ...split },
        cache: { ...shared.cacheCounts },
        interval: options.keepInterval ? interval.peek() : interval.take(),
      };
      if (options.resetPeakRss) rss.reset();
      return snap;
    },
  };
}
