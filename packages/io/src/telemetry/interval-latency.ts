import { createLatencyHistogram, type LatencyHistogram } from "@relix/core";

/**
 * Server time per request over the interval since it was last read: what the runner's live
 * per-second chart shows, computed the same way for both servers.
 */
export function createIntervalLatency() {
  let histogram: LatencyHistogram = createLatencyHistogram();
  let errors = 0;
  let since = performance.now();
  return {
    record(latencyUs: number, ok: boolean) {
      if (ok) histogram.record(latencyUs);
      else errors++;
    },
    take() {
      const now = performance.now();
      const summary = histogram.summary();
      const result = { durationMs: now - since, count: summary.count, errors, p50Ms: summary.p50, p99Ms: summary.p99 };
      histogram = createLatencyHistogram();
      errors = 0;
      since = now;
      return result;
    },
  };
}
