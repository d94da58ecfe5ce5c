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
    /** The figures so far, the interval going on. */
    peek() {
      const summary = histogram.summary();
      return {
        durationMs: performance.now() - since,
        count: summary.count,
        errors,
        p50Ms: summary.p50,
        p99Ms: summary.p99,
      };
    },
    /** The figures so far, and a new interval from now. */
    take() {
      const now = performance.now();
      const result = this.peek();
      histogram = createLatencyHistogram();
      errors = 0;
      since = now;
      return result;
    },
  };
}
