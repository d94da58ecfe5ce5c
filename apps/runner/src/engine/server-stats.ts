import type { ServerStatsSnapshot } from "@relix/io";

/**
 * Reads a service's /stats JSON at its full URL (stack-table.ts stackStatsUrl): the counters the
 * runner diffs around each measured run.
 */
export async function readStatsAt(statsUrl: string, options: { resetPeakRss?: boolean } = {}) {
  const url = new URL(statsUrl);
  if (options.resetPeakRss) url.searchParams.set("resetPeakRss", "1");
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`${statsUrl} answered ${response.status}`);
  return (await response.json()) as ServerStatsSnapshot;
}

/** A service's default stack's /stats from its base URL (LoadGenerator.statsUrl). */
export const readServerStats = (baseUrl: string, options: { resetPeakRss?: boolean } = {}) =>
  readStatsAt(`${baseUrl}/stats`, options);

/**
 * The mean server time per request split into service, codec and rest, ms; null without requests
 * or from a service that predates the split. The parts add up to the server time by construction
 * (the server clamps nothing away: rest is the remainder of each request's span).
 */
function splitDelta(before: ServerStatsSnapshot, after: ServerStatsSnapshot, requests: number) {
  const b = (before as Partial<ServerStatsSnapshot>).split;
  const a = (after as Partial<ServerStatsSnapshot>).split;
  if (!a || !b || !(requests > 0)) return null;
  const perRequestMs = (us: number) => Math.max(0, us) / 1000 / requests;
  return {
    serviceMs: perRequestMs(a.serviceUs - b.serviceUs),
    codecMs: perRequestMs(a.codecUs - b.codecUs),
    restMs: perRequestMs(a.restUs - b.restUs),
  };
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
    split: splitDelta(before, after, requests),
  };
}
