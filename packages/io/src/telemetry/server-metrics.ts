import client from "prom-client";
import type { StackId } from "@relix/core/stacks/stacks";
import type { Outcome } from "./outcome";
import type { WireCounter } from "./wire-counter";

/** Seconds; fine at the bottom because a warm read on loopback takes well under a millisecond. */
const DURATION_BUCKETS = [
  0.00005, 0.0001, 0.00025, 0.0005, 0.00075, 0.001, 0.0025, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
  10,
];

/**
 * The Prometheus metrics of one server process (all its stacks), registered in `registry` in the
 * order /metrics lists them. The wire and peak-RSS gauges read their figures when scraped.
 */
export function registerServerMetrics(
  registry: client.Registry,
  rss: { peak(): number },
  stackWires: ReadonlyMap<StackId, WireCounter>,
) {
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
  return { durationFor: labelledDurations(duration), cacheEvents, memoryCacheEvents, splitSeconds };
}

/** The duration histogram's child for one stack, workload and outcome. */
function labelledDurations(duration: client.Histogram<"stack" | "workload" | "outcome">) {
  // Labelled children resolved once: hashing a label object on every request shows in profiles.
  const durationChildren = new Map<string, { observe(value: number): void }>();
  return (stack: StackId, workload: string, outcome: Outcome) => {
    const key = `${stack}|${workload}|${outcome}`;
    let child = durationChildren.get(key);
    if (!child) {
      child = duration.labels({ stack, workload, outcome });
      durationChildren.set(key, child);
    }
    return child;
  };
}
