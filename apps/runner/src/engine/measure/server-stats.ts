import http2 from "node:http2";
import type { ServerStatsSnapshot } from "@relix/io";
import { KEEP_INTERVAL_HEADER } from "@relix/io/telemetry/interval-keep";
import { PEAK_RSS_RESET_HEADER } from "@relix/io/telemetry/peak-rss-reset";
import type { StatsEndpoint } from "../plan/stack-table";

const STATS_TIMEOUT_MS = 5_000;

/** A plain read (GET), or the read that also starts a new peak-RSS window (POST with the reset header). */
interface StatsCall {
  method: "GET" | "POST";
  headers: Record<string, string>;
}

/** One request over cleartext HTTP/2 (the h2c stack serves nothing else), one short-lived session. */
function requestOverH2c(url: URL, call: StatsCall): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(url.origin);
    const timer = setTimeout(() => {
      session.destroy();
      reject(new Error(`${url.href}: no answer within ${STATS_TIMEOUT_MS / 1000} s`));
    }, STATS_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      session.destroy();
      reject(error);
    };
    session.on("error", fail);
    const stream = session.request({
      ":method": call.method,
      ":path": `${url.pathname}${url.search}`,
      ...call.headers,
    });
    let status = 0;
    const chunks: Buffer[] = [];
    stream.on("response", (headers) => {
      status = Number(headers[":status"]);
    });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", fail);
    stream.on("end", () => {
      clearTimeout(timer);
      session.close();
      resolve({ status, body: Buffer.concat(chunks).toString("utf8") });
    });
    stream.end();
  });
}

const REQUEST: Record<
  StatsEndpoint["transport"],
  (url: URL, call: StatsCall) => Promise<{ status: number; body: string }>
> = {
  http1: async (url, call) => {
    const response = await fetch(url, { ...call, signal: AbortSignal.timeout(STATS_TIMEOUT_MS) });
    return { status: response.status, body: await response.text() };
  },
  h2c: requestOverH2c,
};

export interface StatsReadOptions {
  /** Start a new peak-RSS window (before a stack's trial). */
  resetPeakRss?: boolean;
  /**
   * The live poll's read: take the interval figures (calls and server time since the last such
   * read). Every other read, the counters around each slice, leaves them to it (interval-keep.ts).
   */
  live?: boolean;
}

/**
 * Reads a stack's /stats JSON (stack-table.ts stackStats): the counters the runner diffs around
 * each measured slice, or (live) the figures of the last second for the live chart.
 */
export async function readStats(endpoint: StatsEndpoint, options: StatsReadOptions = {}) {
  const keep: Record<string, string> = options.live ? {} : { [KEEP_INTERVAL_HEADER]: "1" };
  // The services honour a reset only as a POST with this header (@relix/io's peak-rss-reset.ts says why).
  const call: StatsCall = options.resetPeakRss
    ? { method: "POST", headers: { [PEAK_RSS_RESET_HEADER]: "1", ...keep } }
    : { method: "GET", headers: keep };
  const { status, body } = await REQUEST[endpoint.transport](new URL(endpoint.url), call);
  if (status < 200 || status >= 300) throw new Error(`${endpoint.url} answered ${status}`);
  return JSON.parse(body) as ServerStatsSnapshot;
}

/** A service's default stack's /stats from its base URL (LoadGenerator.statsUrl). */
export const readServerStats = (baseUrl: string, options: { resetPeakRss?: boolean } = {}) =>
  readStats({ url: `${baseUrl}/stats`, transport: "http1" }, options);

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
    /**
     * Calls the server itself counted as failed (any outcome but ok), less those the client
     * cancelled by closing its connection (a tool's end of run; every Relix server counts them
     * apart, an older one may report none): a failure the client cannot see.
     */
    failed:
      after.requests.errors -
      before.requests.errors -
      ((after.requests.cancelled ?? 0) - (before.requests.cancelled ?? 0)),
    cpuMsPer1000: requests > 0 ? (cpuUs / 1000 / requests) * 1000 : null,
    peakRssBytes: after.rss.peakBytes,
    serverTimeMsMean: perRequest((after.requests.serverTimeUs - before.requests.serverTimeUs) / 1000),
    cacheHitRatio: usesCache && hits + misses > 0 ? hits / (hits + misses) : null,
    wireBytesPerRequest: received === null || sent === null ? null : { received, sent },
    split: splitDelta(before, after, requests),
  };
}

type Counters = Record<string, unknown>;

/** `base` plus (after - before) at every numeric leaf both have; other leaves as in `after`. */
function addDelta(base: Counters, before: Counters, after: Counters): Counters {
  const out: Counters = {};
  for (const [key, value] of Object.entries(after)) {
    const from = before[key];
    const onto = base[key];
    if (typeof value === "number" && typeof from === "number" && typeof onto === "number") {
      out[key] = onto + (value - from);
    } else if (
      value &&
      typeof value === "object" &&
      from &&
      typeof from === "object" &&
      onto &&
      typeof onto === "object"
    ) {
      out[key] = addDelta(onto as Counters, from as Counters, value as Counters);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * What a stack's counters would read had its slices run back to back: the first snapshot plus
 * every slice's own change. Between two of its slices the other stacks ran, and stacks that
 * share a process share its CPU and cache counters, so only each slice's difference is its own.
 * The peak RSS is the last snapshot's (reset once, before the first slice).
 */
export function joinedSnapshots(pairs: ReadonlyArray<{ before: ServerStatsSnapshot; after: ServerStatsSnapshot }>): {
  before: ServerStatsSnapshot;
  after: ServerStatsSnapshot;
} {
  if (pairs.length === 0) throw new Error("joinedSnapshots needs at least one slice");
  const first = pairs[0]!.before;
  let after: Counters = first;
  for (const pair of pairs) after = addDelta(after, pair.before, pair.after);
  const last = pairs[pairs.length - 1]!.after;
  const joined = after as unknown as ServerStatsSnapshot;
  return { before: first, after: { ...joined, rss: last.rss } };
}
