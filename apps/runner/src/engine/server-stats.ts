import type { ServerStatsSnapshot } from "@relix/io";

/**
 * Reads a service's /stats JSON: the counters the runner diffs around each measured run. `baseUrl`
 * comes from the load generator registered for what is measured (LoadGenerator.statsUrl).
 */
export async function readServerStats(baseUrl: string, options: { resetPeakRss?: boolean } = {}) {
  const response = await fetch(`${baseUrl}/stats${options.resetPeakRss ? "?resetPeakRss=1" : ""}`, {
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`${baseUrl}/stats answered ${response.status}`);
  return (await response.json()) as ServerStatsSnapshot;
}

/** What the server did between two snapshots, per request. */
export function serverDelta(before: ServerStatsSnapshot, after: ServerStatsSnapshot, usesCache: boolean) {
  const requests = after.requests.requests - before.requests.requests;
  const cpuUs = after.cpu.userUs + after.cpu.systemUs - (before.cpu.userUs + before.cpu.systemUs);
  const hits = after.cache.hit - before.cache.hit;
  const misses = after.cache.miss - before.cache.miss;
  const perRequest = (value: number) => (requests > 0 ? value / requests : null);
  const received = perRequest(after.wire.bytesReceived - before.wire.bytesReceived);
  const sent = perRequest(after.wire.bytesSent - before.wire.bytesSent);
  return {
    requests,
    cpuMsPer1000: requests > 0 ? (cpuUs / 1000 / requests) * 1000 : null,
    peakRssBytes: after.rss.peakBytes,
    serverTimeMsMean: perRequest((after.requests.serverTimeUs - before.requests.serverTimeUs) / 1000),
    cacheHitRatio: usesCache && hits + misses > 0 ? hits / (hits + misses) : null,
    wireBytesPerRequest: received === null || sent === null ? null : { received, sent },
  };
}
