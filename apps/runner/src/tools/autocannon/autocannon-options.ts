/**
 * What the REST driver accepts, and its checks: everything is validated before autocannon opens a
 * socket.
 *
 * Timeouts: autocannon's `timeout` is in seconds, minimum 1 (validate.js); it is an idle timer per
 * client, re-armed on each request write.
 *
 * Rate: autocannon's own `overallRate` is split per connection and each client may send
 * `rate/connections` requests per wall-clock second, then pauses until its 1 s interval resets:
 * bursts at the start of each second, timed from the actual write, with a miscalibrated
 * coordinated-omission correction (`ceil(1/rate)` ms, difference #7). So the driver does not use
 * it: it schedules the sends itself (client-hooks.ts, slot i due at t0 + i / rate, taken by the
 * next free connection) and records each response's latency from its write and from its due time.
 * `connections` is lowered to the rate when the rate is smaller, as autocannon does.
 *
 * Connection policy: autocannon keeps each connection alive. Its own ways of doing otherwise do
 * not measure a connection per call: a `Connection: close` header makes the server close after
 * the response, but the client writes its next request on the closing socket first (in the
 * response callback, before the 'end' event), so every second request is lost; `reconnectRate: 1`
 * reconnects after each response but returns before emitting it (lib/httpClient.js), so no
 * response is reported at all (both seen with autocannon 8.0.0). So `per-request` is done by the
 * driver's hooks (client-hooks.ts): each call goes out on a fresh connection, which the client
 * closes once the response is read. The request still says `Connection: keep-alive` (autocannon
 * writes that line itself), as a client without a session does before it drops its pool.
 */
import type { RestConnectionPolicy } from "@relix/core";
import { parseLocalHttpUrl } from "../local-target";
import type { ProgressStats } from "../sample";

export interface HttpRequestSpec {
  method: string;
  /** Path (and query) appended to the base URL's path, e.g. "/v1/items/42". */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked, in chunks of this many bytes. */
  chunkBytes?: number;
}

export interface AutocannonOptions {
  /** Base URL, `http://HOST:PORT[/base]` on this machine (see local-target.ts); anything else is rejected. */
  url: string;
  /** Hosts off this machine the operator allowed at start-up (RELIX_REMOTE_SERVICES=1) that `url` may name. */
  remoteHosts?: readonly string[];
  /** The key sequence, consumed in ONE global round-robin order shared by all connections. */
  requests: HttpRequestSpec[];
  /** TCP connections (autocannon opens exactly this many, reconnecting after errors). */
  connections: number;
  /** Requests in flight per connection (HTTP/1.1 pipelining). Default 1. */
  pipelining?: number;
  /** How long to issue requests (warm-up + measure + tail); with `amount`, an upper bound. */
  durationMs: number;
  /** Issue exactly this many requests, then drain (count mode, like ghz -n). */
  amount?: number;
  /** Open loop: requests/s overall, sent on the driver's own schedule (see above). */
  rate?: number;
  /** Per-request timeout; autocannon's minimum is 1000. Default 10000. */
  timeoutMs?: number;
  /** keep-alive (default) or one TCP connection per request, its connect inside the latency. */
  connection?: RestConnectionPolicy;
  /** Stops issuing early (in-flight requests still drain) when this aborts. */
  signal?: AbortSignal;
  /** Called once per second of the run. */
  onProgress?: (s: ProgressStats) => void;
  /**
   * Run it in a process of its own started through this (a packet link's `ip netns exec`; empty: a
   * plain child here, so that runs beside a link's are driven alike): autocannon-elsewhere.ts.
   */
  execPrefix?: readonly string[];
}

/** A request spec after its checks, its path joined to the base URL's. */
export interface CheckedSpec {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  chunkBytes?: number;
}

export interface CheckedOptions {
  origin: string;
  specs: CheckedSpec[];
  connections: number;
  pipelining: number;
  durationMs: number;
  timeoutMs: number;
  rate?: number;
  amount?: number;
  connection: RestConnectionPolicy;
}

const METHODS = new Set(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]);

function checkSpecs(requests: HttpRequestSpec[], basePath: string): CheckedSpec[] {
  if (!Array.isArray(requests) || requests.length === 0) throw new Error("requests must be a non-empty array");
  const bad = /[\r\n]/;
  return requests.map((r, i) => {
    const method = String(r.method).toUpperCase();
    if (!METHODS.has(method)) throw new Error(`requests[${i}]: unsupported method ${r.method}`);
    if (typeof r.path !== "string" || !r.path.startsWith("/") || bad.test(r.path) || /\s/.test(r.path)) {
      throw new Error(`requests[${i}]: path must start with "/" and contain no whitespace`);
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers ?? {})) {
      if (bad.test(k) || bad.test(String(v)) || /^(host|content-length|connection|transfer-encoding)$/i.test(k)) {
        throw new Error(`requests[${i}]: header ${JSON.stringify(k)} is not allowed`);
      }
      headers[k] = String(v);
    }
    if (r.body !== undefined && typeof r.body !== "string" && !Buffer.isBuffer(r.body)) {
      throw new Error(`requests[${i}]: body must be a string or a Buffer`);
    }
    const spec: CheckedSpec = { method, path: basePath + r.path, headers };
    if (r.body !== undefined) spec.body = r.body;
    if (r.chunkBytes !== undefined) {
      if (!(Number.isInteger(r.chunkBytes) && r.chunkBytes >= 1) || r.body === undefined) {
        throw new Error(`requests[${i}]: chunkBytes must be a whole number >= 1, with a body`);
      }
      spec.chunkBytes = r.chunkBytes;
    }
    return spec;
  });
}

function positiveInt(name: string, v: number, max: number): number {
  if (!Number.isInteger(v) || v < 1 || v > max) throw new Error(`${name} must be an integer in [1, ${max}]`);
  return v;
}

/** Throws on anything autocannon must not be given; the target first, before any other check. */
export function checkAutocannonOptions(opts: AutocannonOptions): CheckedOptions {
  const { basePath, origin } = parseLocalHttpUrl(opts.url, opts.remoteHosts);
  const specs = checkSpecs(opts.requests, basePath);
  const connections = positiveInt("connections", opts.connections, 10_000);
  const pipelining = positiveInt("pipelining", opts.pipelining ?? 1, 1_000);
  const durationMs = opts.durationMs;
  if (!(durationMs > 0 && durationMs <= 24 * 3600_000)) throw new Error("durationMs must be > 0");
  const timeoutMs = opts.timeoutMs ?? 10_000;
  if (!(timeoutMs >= 1000)) throw new Error("timeoutMs must be >= 1000 (autocannon minimum: 1 s)");
  if (opts.rate !== undefined && !(Number.isInteger(opts.rate) && opts.rate >= 1)) {
    throw new Error("rate must be an integer >= 1 (requests/s)");
  }
  const connection = opts.connection ?? "keep-alive";
  if (connection !== "keep-alive" && connection !== "per-request") {
    throw new Error(`connection must be keep-alive or per-request, not ${JSON.stringify(connection)}`);
  }
  if (connection === "per-request" && pipelining !== 1) throw new Error("per-request connections need pipelining 1");
  return {
    origin,
    specs,
    connection,
    connections,
    pipelining,
    durationMs,
    timeoutMs,
    ...(opts.rate === undefined ? {} : { rate: opts.rate }),
    ...(opts.amount === undefined ? {} : { amount: opts.amount }),
  };
}
