/** Peak resident memory, sampled every 100 ms (Node reports only the current RSS). */
export function createPeakRssSampler(intervalMs = 100) {
  let peak = process.memoryUsage.rss();
  let since = Date.now();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, intervalMs);
  timer.unref();
  return {
    current: () => process.memoryUsage.rss(),
    peak: () => Math.max(peak, process.memoryUsage.rss()),
    /** Starts a new window, so a run reports its own peak, not the start-up's. */
    /** When the current window began (epoch ms). */
    since: () => since,
    reset: () => {
      peak = process.memoryUsage.rss();
      since = Date.now();
    },
    stop: () => clearInterval(timer),
  };
}
