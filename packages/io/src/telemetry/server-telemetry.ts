import client from "prom-client";
import type { CacheEvent } from "../repository/cache-aside";
import { createIntervalLatency } from "./interval-latency";
import { createPeakRssSampler } from "./peak-rss";
import { createWireCounter } from "./wire-counter";

import type { Protocol } from "@relix/core/result/result-schema";
/** "cancelled": the client went away before a stream ended. */
export type Outcome = "ok" | "client_error" | "not_found" | "unavailable" | "server_error" | "cancelled";

/** Seconds; fine at the bottom because a warm read on loopback takes well under a millisecond. */
const DURATION_BUCKETS = [
  0.00005, 0.0001, 0.00025, 0.0005, 0.00075, 0.001, 0.0025, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
  10,
];

/**
 * The instrumentation both servers share: the same counters, the same server-time span
 * (handler entry to the reply handed to the transport), the same wire and resource counters.
 */
export function createServerTelemetry(protocol: Protocol) {
  const registry = new client.Registry();
  registry.setDefaultLabels({ protocol });
  client.collectDefaultMetrics({ register: registry });

  const wire = createWireCounter();
  const rss = createPeakRssSampler();
  const interval = createIntervalLatency();
  const totals = { requests: 0, errors: 0, serverTimeUs: 0 };
  const cacheCounts: Record<CacheEvent, number> = { hit: 0, miss: 0, bypass: 0, error: 0 };
  let backends: { store: "mysql" | "embedded"; cache: "redis" | "embedded" } | null = null;

  const duration = new client.Histogram({
    name: "relix_server_duration_seconds",
    help: "Server time per request: handler entry to reply handed to the transport",
    labelNames: ["workload", "outcome"],
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
  new client.Gauge({
    name: "relix_wire_bytes",
    help: "Bytes read and written at the server's sockets since start",
    labelNames: ["direction"],
    registers: [registry],
    collect() {
      const snap = wire.snapshot();
      this.set({ direction: "received" }, snap.bytesReceived);
      this.set({ direction: "sent" }, snap.bytesSent);
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
  const durationFor = (workload: string, outcome: Outcome) => {
    const key = `${workload}|${outcome}`;
    let child = durationChildren.get(key);
    if (!child) {
      child = duration.labels({ workload, outcome });
      durationChildren.set(key, child);
    }
    return child;
  };

  return {
    protocol,
    registry,
    wire,

    /** Records one finished request. */
    observe(workload: string, latencyUs: number, outcome: Outcome) {
      const ok = outcome === "ok";
      totals.requests++;
      if (!ok) totals.errors++;
      totals.serverTimeUs += latencyUs;
      durationFor(workload, outcome).observe(latencyUs / 1e6);
      interval.record(latencyUs, ok);
    },

    /** Which stores this process reads, so a runner that did not start it can label its results. */
    setBackends(value: { store: "mysql" | "embedded"; cache: "redis" | "embedded" }) {
      backends = value;
    },

    /** `memory`: cache mode memory's process-local cache; both count in /stats' hit ratio. */
    cacheEvent(event: CacheEvent, cache: "shared" | "memory" = "shared") {
      cacheCounts[event]++;
      (cache === "memory" ? memoryCacheEvents : cacheEvents).inc({ event });
    },

    /**
     * A JSON snapshot for the runner: cumulative counters to diff between two reads, and the
     * server-time percentiles of the interval since the previous read (which that read resets).
     */
    snapshot(options: { resetPeakRss?: boolean } = {}) {
      const cpu = process.cpuUsage();
      const snap = {
        protocol,
        pid: process.pid,
        takenAt: Date.now(),
        backends,
        cpu: { userUs: cpu.user, systemUs: cpu.system },
        rss: { currentBytes: rss.current(), peakBytes: rss.peak(), peakSinceMs: rss.since() },
        wire: wire.snapshot(),
        requests: { ...totals },
        cache: { ...cacheCounts },
        interval: interval.take(),
      };
      if (options.resetPeakRss) rss.reset();
      return snap;
    },

    metricsText: () => registry.metrics(),
    contentType: registry.contentType,
    stop: () => rss.stop(),
  };
}
export type ServerTelemetry = ReturnType<typeof createServerTelemetry>;
export type ServerStatsSnapshot = ReturnType<ServerTelemetry["snapshot"]>;
