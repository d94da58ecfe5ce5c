/**
 * The parts of autocannon (programmatic API, v8) the REST driver uses, typed: it ships no types
 * (@types/autocannon is not a dependency), and the driver hooks internals no typings would cover.
 * Every fact below was established by reading autocannon@8.0.0 lib/*.js and is checked by the tests.
 *
 * Latency resolution: `lib/pipelinedRequestsQueue.js` stamps `process.hrtime()` when a request is
 * queued (just before `socket.write`) and, when http-parser-js reports the message complete,
 * computes `duration = s * 1e3 + ns / 1e6`: a float in ms with ns resolution. The tracker's
 * 'response' event passes exactly that as `responseTime`, so the driver keeps it as is (x1000 ->
 * µs). Only autocannon's own histogram/table is whole ms (hdr-histogram-js stores integers), which
 * is known difference #1: Relix never uses it. Span: queued/written -> last byte parsed, no JSON
 * decode (difference #3); the first request on a connection also includes the TCP connect.
 */
import { createRequire } from "node:module";
import type { EventEmitter } from "node:events";

const require = createRequire(import.meta.url);

/** One request as autocannon's request builder takes it (and `requestBuffer` once built). */
export interface AcRequestData {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  [k: string]: unknown;
}

/** An entry of a client's FIFO of requests in flight. */
export interface AcPending {
  startTime: [number, number];
}

/** lib/requestIterator.js internals the driver hooks. */
export interface AcRequestIterator {
  currentRequest: AcRequestData;
  context: unknown;
  resetted: boolean;
  requestBuilder(request: AcRequestData, context: unknown): Buffer | null;
  nextRequest(): AcRequestData;
}

/** lib/httpClient.js Client internals the driver hooks. */
export interface AcClient extends EventEmitter {
  destroyed: boolean;
  /** The current socket (replaced on each reconnect). */
  conn: unknown;
  /** Requests per second allowed to this client (overallRate / connections), when a rate is set. */
  rate?: number;
  reqsMadeThisSecond: number;
  requestIterator: AcRequestIterator;
  pipelinedRequests: { size(): number; toArray(): AcPending[]; clear(): void };
  _connect(): void;
  _doRequest(...a: unknown[]): void;
  _destroyConnection(): void;
  destroy(): void;
}

/** lib/aggregateResult.js output (the part the cross-checks read). */
export interface AcResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { sent: number; total: number };
  latency: { p50: number; p99: number; totalCount: number };
}

export interface AcTracker extends EventEmitter {
  stop(): void;
}

export type AutocannonFn = (opts: Record<string, unknown>, cb: (err: Error | null, res: AcResult) => void) => AcTracker;

export function loadAutocannon(): AutocannonFn {
  return require("autocannon") as AutocannonFn;
}

export function autocannonVersion(): string {
  return (require("autocannon/package.json") as { version: string }).version;
}

/** Thrown when a hooked internal is missing: the driver targets autocannon 8.0.x. */
export function internalsChanged(what: string): Error {
  return new Error(`autocannon internals changed (${what}); the Relix driver targets autocannon 8.0.x`);
}
