import client from "prom-client";
import type { CacheEvent } from "../repository/cache-aside";
import { createIntervalLatency } from "./interval-latency";
import { createPeakRssSampler } from "./peak-rss";
import { splitOf, startSpan, type RequestSpan } from "./request-span";
import { registerServerMetrics } from "./server-metrics";
import { nowUs } from "./timing";
import { createWireCounter, type WireCounter } from "./wire-counter";
import type { Protocol } from "@relix/core/result/result-schema";
import { DEFAULT_PAIR, type StackId } from "@relix/core/stacks/stacks";
import type { Outcome } from "./outcome";

export type { Outcome } from "./outcome";

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
  const stackWires = new Map<StackId, WireCounter>();
  const { durationFor, cacheEvents, memoryCacheEvents, splitSeconds } = registerServerMetrics(
    registry,
    rss,
    stackWires,
  );
  for (const event of Object.keys(cacheCounts)) cacheEvents.inc({ event }, 0);

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
  const { protocol, rss } = shared;
  const wire = createWireCounter();
  shared.stackWires.set(stack, wire);
  const requests = createStackRequests(shared, stack);

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
    finish: requests.finish,

    /** Records one finished request without a split (counted wholly as rest). */
    observe: requests.observe,

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
        requests: { ...requests.totals },
        split: { ...requests.split },
        cache: { ...shared.cacheCounts },
        interval: options.keepInterval ? requests.interval.peek() : requests.interval.take(),
      };
      if (options.resetPeakRss) rss.reset();
      return snap;
    },
  };
}

/** One stack's requests: their totals, their server time's split, and the latencies of the interval. */
function createStackRequests({ durationFor, splitSeconds }: ProcessTelemetry, stack: StackId) {
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
    interval,
    totals,
    split,
    finish: (workload: string, span: RequestSpan, outcome: Outcome) => {
      const parts = splitOf(span, nowUs());
      split.serviceUs += parts.serviceUs;
      split.codecUs += parts.codecUs;
      split.restUs += parts.restUs;
      splitChildren.service.inc(parts.serviceUs / 1e6);
      splitChildren.codec.inc(parts.codecUs / 1e6);
      splitChildren.rest.inc(parts.restUs / 1e6);
      record(workload, parts.serverUs, outcome);
    },
    observe: (workload: string, latencyUs: number, outcome: Outcome) => {
      split.restUs += latencyUs;
      splitChildren.rest.inc(latencyUs / 1e6);
      record(workload, latencyUs, outcome);
    },
  };
}
