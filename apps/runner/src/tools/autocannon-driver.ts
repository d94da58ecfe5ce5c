/**
 * REST load generation with autocannon (programmatic API, v8), normalised to ClientSample.
 *
 * Facts established by reading autocannon@8.0.0 lib/*.js (and checked by the tests):
 *  - Latency resolution. `lib/pipelinedRequestsQueue.js` stamps `process.hrtime()` when a request is
 *    queued (just before `socket.write`) and, when http-parser-js reports the message complete,
 *    computes `duration = s * 1e3 + ns / 1e6`: a float in ms with ns resolution. The tracker's
 *    'response' event passes exactly that as `responseTime`, so we keep it as is (x1000 -> µs). Only
 *    autocannon's own histogram/table is whole ms (hdr-histogram-js stores integers), which is
 *    known difference #1 — we never use it. Span: queued/written -> last byte parsed, no JSON decode
 *    (difference #3); the first request on a connection also includes the TCP connect.
 *  - Errors. Non-2xx responses come through 'response' like any other (we keep them, ok=false).
 *    Socket errors reach the tracker as 'reqError' (one per pipelining slot, with no latency and no
 *    client), timeouts as 'reqError' "request timed out" after autocannon has already destroyed the
 *    socket. A server-side close (FIN) with a request in flight produces NO event at all, and neither
 *    error path clears the per-client FIFO of pending requests, so every later response on that
 *    client is matched to the wrong start time. We therefore hook each client (setupClient) and
 *    turn the pending entries themselves into ok=false samples — code = err.code (ECONNRESET,
 *    ECONNREFUSED, ...), "timeout", or "ECONNCLOSED" for a silent close — and clear the FIFO.
 *  - Timeouts: `timeout` is in seconds, minimum 1 (validate.js); it is an idle timer per client,
 *    re-armed on each request write.
 *  - End of run: `tracker.stop()` only sets a flag; the next sample tick destroys every client and
 *    silently drops its in-flight requests (difference #8). We count them (`droppedInFlight`). By
 *    default (`endOfRun: 'wait'`) we instead stop issuing requests at `durationMs` and let the
 *    in-flight ones finish (bounded by `timeoutMs`), like ghz `--duration-stop wait`.
 *  - Key sequence. autocannon cycles `requests[]` per connection (difference #10). Each client
 *    instead takes the next request from ONE counter shared by all clients: setupClient replaces
 *    its request iterator's `nextRequest` (called once per request sent after the first) and its
 *    `currentRequest` (the first, built in the constructor and sent right after setupClient), so
 *    the same ids in the same global round-robin order hit the server as with ghz, whose data
 *    index is its global request number.
 *  - Per-request cost. A `setupRequest` function (the documented way to vary requests) makes the
 *    iterator rebuild the request on every send: header merging, string building, a Buffer and a
 *    hyperid. On a 2-core machine that client CPU is taken from the server (the overhead script
 *    measured Relix at ~0.85x the autocannon CLI's noop rps that way). So each distinct request is
 *    built ONCE, by autocannon's own request builder, and every send reuses its bytes, as the CLI
 *    does with its single static request.
 *  - Rate (`overallRate`): split per connection (and `connections` is lowered to the rate when the
 *    rate is smaller); each client may send `rate/connections` requests per wall-clock second, then
 *    pauses until its 1 s interval resets — bursts at the start of each second, not a smooth open
 *    loop. Its coordinated-omission correction uses `ceil(1/rate)` ms as the expected interval
 *    (rate per connection in req/s, so always 1 ms): miscalibrated (difference #7); irrelevant
 *    here since we record raw latencies.
 *  - Workers (`workers: N`): NOT usable for Relix. In worker mode (lib/manager.js, lib/worker.js)
 *    the main-thread tracker only receives 'start'/'done' (workers post only TICK/UPDATE_HIST/
 *    RESULT messages): no 'response' or 'reqError' events, so no per-request samples; functions
 *    (setupRequest, setupClient) must be file paths require()d separately in each worker, so no
 *    shared key counter; and connections are split floor(c / workers). Verified: a 1 s run with
 *    `workers: 2` completed ~6k requests and emitted 0 'response' and 0 'tick' events on the
 *    tracker, and a function setupRequest fails with a DataCloneError. If one thread saturates,
 *    the way out is our own worker_threads each running this driver on a share of the connections
 *    and posting back sample columns (not implemented).
 *  - The generator is single-threaded and shares our process: we report its CPU time
 *    (process.cpuUsage delta: all threads of this process, so it also counts GC helpers and anything
 *    else running in the runner) and the main thread's event-loop utilisation; either above 0.85
 *    flags `generatorSaturated` (difference #9).
 */
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import type { EventEmitter } from "node:events";
import { parseLocalHttpUrl } from "./local-target";
import { SampleStore, samplesFromColumns, type SampleColumns } from "./sample-store";
import type { ProgressStats, ToolRunResult } from "./sample";

const require = createRequire(import.meta.url);

/* ---------- the parts of autocannon we use (it ships no types; @types/autocannon is not a dependency) ---------- */

interface AcRequestData {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  [k: string]: unknown;
}
interface AcPending {
  startTime: [number, number];
}
/** autocannon lib/httpClient.js Client internals we hook. */
/** lib/requestIterator.js internals we hook. */
interface AcRequestIterator {
  currentRequest: AcRequestData;
  context: unknown;
  resetted: boolean;
  requestBuilder(request: AcRequestData, context: unknown): Buffer | null;
  nextRequest(): AcRequestData;
}
interface AcClient extends EventEmitter {
  destroyed: boolean;
  requestIterator: AcRequestIterator;
  pipelinedRequests: { size(): number; toArray(): AcPending[]; clear(): void };
  _connect(): void;
  _doRequest(...a: unknown[]): void;
  _destroyConnection(): void;
  destroy(): void;
}
/** lib/aggregateResult.js output (the part we read). */
interface AcResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { sent: number; total: number };
  latency: { p50: number; p99: number; totalCount: number };
}

/** autocannon's own summary of the run: for cross-checking only, never for results. */
export interface AutocannonOwnSummary {
  /** Socket errors + timeouts, counted per pipelining slot. */
  errors: number;
  timeouts: number;
  non2xx: number;
  sent: number;
  completed: number;
  /** From its integer-ms histogram (difference #1): sub-ms runs show 0 or 1 here. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  /**
   * Values in its latency histogram: every response, non-2xx included (difference #4), plus the
   * synthetic values of its coordinated-omission correction when a rate is set (difference #7).
   */
  latencyCount: number;
}
interface AcTracker extends EventEmitter {
  stop(): void;
}
type AutocannonFn = (opts: Record<string, unknown>, cb: (err: Error | null, res: AcResult) => void) => AcTracker;

/* ---------- public API ---------- */

export interface HttpRequestSpec {
  method: string;
  /** Path (and query) appended to the base URL's path, e.g. "/v1/items/42". */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface AutocannonOptions {
  /** Base URL, `http://HOST:PORT[/base]` on this machine (see local-target.ts); anything else is rejected. */
  url: string;
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
  /** Overall requests/s via autocannon's `overallRate` (see the module comment for its semantics). */
  rate?: number;
  /** Per-request timeout; autocannon's minimum is 1000. Default 10000. */
  timeoutMs?: number;
  /**
   * 'wait' (default): stop issuing at durationMs and let in-flight requests complete (at most
   * timeoutMs more), like ghz --duration-stop wait. 'drop': autocannon's own behaviour.
   */
  endOfRun?: "wait" | "drop";
  /** Stops issuing early (in-flight requests still drain) when this aborts. */
  signal?: AbortSignal;
  /** Called once per second of the run. */
  onProgress?: (s: ProgressStats) => void;
}

/** What one autocannon run recorded, before normalisation (also the fixture format). */
export interface AutocannonCapture extends SampleColumns {
  format: "relix.autocannon-capture/v1";
  autocannonVersion: string;
  startedAtMs: number;
  wallMs: number;
  connections: number;
  pipelining: number;
  requestsSent: number;
  droppedInFlight: number;
}

export interface AutocannonRunResult extends ToolRunResult {
  tool: "autocannon";
  /** Requests written to sockets. */
  requestsSent: number;
  /** Specs taken from the key sequence (== requestsSent). */
  keysIssued: number;
  /** Requests still in flight when autocannon destroyed its sockets (it drops them silently). */
  droppedInFlight: number;
  toolCpuMs: number;
  /** toolCpuMs / wallMs: cores' worth of CPU used by this process during the run. */
  toolCpuCoreFraction: number;
  /** Main-thread event-loop utilisation during the run (0..1). */
  eventLoopUtilization: number;
  /** CPU or event loop above 0.85 of one core: the generator may have been the bottleneck. */
  generatorSaturated: boolean;
  /** autocannon's own counters, for cross-checking. */
  autocannon: AutocannonOwnSummary;
  capture: AutocannonCapture;
}

const SATURATION = 0.85;
const METHODS = new Set(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]);

export function autocannonVersion(): string {
  return (require("autocannon/package.json") as { version: string }).version;
}

/** Turns a capture (live or loaded from a fixture) into the common result shape. */
export function normaliseAutocannonCapture(
  c: AutocannonCapture,
): Pick<ToolRunResult, "samples" | "startedAtMs" | "wallMs" | "connections" | "inFlight"> {
  return {
    samples: samplesFromColumns(c),
    startedAtMs: c.startedAtMs,
    wallMs: c.wallMs,
    connections: c.connections,
    inFlight: c.connections * c.pipelining,
  };
}

interface CheckedSpec {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** JSON text of a capture (typed arrays become plain arrays), e.g. to store a fixture. */
export function serialiseAutocannonCapture(c: AutocannonCapture): string {
  return JSON.stringify({
    ...c,
    endMs: Array.from(c.endMs),
    latencyMs: Array.from(c.latencyMs),
    code: Array.from(c.code),
  });
}

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
      if (bad.test(k) || bad.test(String(v)) || /^(host|content-length|connection)$/i.test(k)) {
        throw new Error(`requests[${i}]: header ${JSON.stringify(k)} is not allowed`);
      }
      headers[k] = String(v);
    }
    if (r.body !== undefined && typeof r.body !== "string" && !Buffer.isBuffer(r.body)) {
      throw new Error(`requests[${i}]: body must be a string or a Buffer`);
    }
    const spec: CheckedSpec = { method, path: basePath + r.path, headers };
    if (r.body !== undefined) spec.body = r.body;
    return spec;
  });
}

function positiveInt(name: string, v: number, max: number): number {
  if (!Number.isInteger(v) || v < 1 || v > max) throw new Error(`${name} must be an integer in [1, ${max}]`);
  return v;
}

export async function runAutocannon(opts: AutocannonOptions): Promise<AutocannonRunResult> {
  const { basePath, origin } = parseLocalHttpUrl(opts.url);
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
  const endOfRun = opts.endOfRun ?? "wait";
  const notes: string[] = [];

  const autocannon = require("autocannon") as AutocannonFn;
  const store = new SampleStore();
  const clients: AcClient[] = [];
  let t0 = 0;
  let sent = 0;
  let keysIssued = 0;
  let droppedInFlight = 0;
  let draining = false;
  let finishing = false;
  // progress counters for the current second
  let secOk = 0;
  let secErr = 0;
  let secLatMs = 0;
  let totalOk = 0;
  let totalErr = 0;
  let onSettled: (() => void) | undefined;
  let issued = 0;
  // Assigned once the run starts: stop issuing, let in-flight requests finish, then stop.
  let beginDrain = (): void => {};

  const inFlightNow = (): number => {
    let n = 0;
    for (const c of clients) if (!c.destroyed) n += c.pipelinedRequests.size();
    return n;
  };

  const record = (latencyMs: number, code: string, ok: boolean): void => {
    store.push(performance.now() - t0, latencyMs, code);
    if (ok) {
      secOk++;
      totalOk++;
      secLatMs += latencyMs;
    } else {
      secErr++;
      totalErr++;
    }
    if (draining && onSettled && inFlightNow() === 0) onSettled();
  };

  const hrMs = (start: [number, number]): number => {
    const d = process.hrtime(start);
    return d[0] * 1e3 + d[1] / 1e6;
  };

  /** Pending requests that will never get a response become error samples. */
  const fail = (entries: AcPending[], code: string): void => {
    for (const e of entries) record(hrMs(e.startTime), code, false);
  };

  /** Every spec's request, built once (with the first client's builder: the same for all). */
  let prebuilt: AcRequestData[] | undefined;
  let nextKey = 0;
  const takeRequest = (): AcRequestData => {
    const request = prebuilt![nextKey]!;
    nextKey = nextKey + 1 === prebuilt!.length ? 0 : nextKey + 1;
    keysIssued++;
    return request;
  };
  const shareKeySequence = (client: AcClient): void => {
    const iterator = client.requestIterator;
    if (typeof iterator?.requestBuilder !== "function" || typeof iterator.nextRequest !== "function") {
      throw new Error("autocannon internals changed (RequestIterator); the Relix driver targets autocannon 8.0.x");
    }
    prebuilt ??= specs.map((s) => {
      // headers: a fresh object per spec (the builder writes Content-Length into it)
      const request: AcRequestData = {
        method: s.method,
        path: s.path,
        headers: { ...s.headers },
        ...(s.body === undefined ? {} : { body: s.body }),
      };
      const requestBuffer = iterator.requestBuilder(request, iterator.context);
      if (!requestBuffer) throw new Error(`autocannon could not build ${s.method} ${s.path}`);
      return { ...request, requestBuffer };
    });
    iterator.currentRequest = takeRequest();
    iterator.nextRequest = function nextRequest() {
      this.resetted = false;
      this.currentRequest = takeRequest();
      return this.currentRequest;
    };
  };

  const setupClient = (client: AcClient): void => {
    for (const k of ["_connect", "_doRequest", "_destroyConnection", "destroy"] as const) {
      if (typeof client[k] !== "function" || typeof client.pipelinedRequests?.toArray !== "function") {
        throw new Error(`autocannon internals changed (Client.${k}); the Relix driver targets autocannon 8.0.x`);
      }
    }
    shareKeySequence(client);
    clients.push(client);
    client.on("request", () => {
      sent++;
    });
    let stash: AcPending[] = [];
    const origDo = client._doRequest;
    client._doRequest = function (this: AcClient, ...a: unknown[]) {
      if (draining) return; // end of run: issue nothing new
      if (opts.amount !== undefined && issued >= opts.amount) {
        beginDrain();
        return;
      }
      issued++;
      return origDo.apply(this, a);
    };
    const origConnect = client._connect;
    client._connect = function (this: AcClient) {
      // Reconnect after 'end' (server closed the socket) with requests still pending: autocannon
      // neither reports them nor clears its FIFO.
      if (this.pipelinedRequests.size() > 0) {
        const lost = this.pipelinedRequests.toArray().slice();
        this.pipelinedRequests.clear();
        fail(lost, "ECONNCLOSED");
      }
      return origConnect.call(this);
    };
    const origDestroyConn = client._destroyConnection;
    client._destroyConnection = function (this: AcClient) {
      if (this.destroyed)
        droppedInFlight += this.pipelinedRequests.size(); // end of run
      else stash = this.pipelinedRequests.toArray().slice(); // timeout: 'timeout' follows
      return origDestroyConn.call(this);
    };
    // Registered here, i.e. before autocannon's own listeners, so it runs before its reconnect.
    client.on("connError", (err: NodeJS.ErrnoException) => {
      const lost = client.pipelinedRequests.toArray().slice();
      client.pipelinedRequests.clear();
      fail(lost, err?.code ?? err?.message ?? "ERROR");
    });
    client.on("timeout", () => {
      const lost = stash;
      stash = [];
      fail(lost, "timeout");
    });
  };

  return new Promise<AutocannonRunResult>((resolve, reject) => {
    const cpu0 = process.cpuUsage();
    const elu0 = performance.eventLoopUtilization();
    t0 = performance.now();
    const startedAtMs = performance.timeOrigin + t0;
    const timers: NodeJS.Timeout[] = [];
    let tracker: AcTracker | undefined;
    let second = 0;
    const stopTracker = (): void => {
      if (finishing) return;
      finishing = true;
      tracker?.stop();
    };

    const done = (err: Error | null, res: AcResult): void => {
      for (const t of timers) clearTimeout(t);
      if (err) return reject(err);
      const wallMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const elu = performance.eventLoopUtilization(elu0).utilization;
      const toolCpuMs = (cpu.user + cpu.system) / 1000;
      const coreFraction = toolCpuMs / wallMs;
      const saturated = coreFraction > SATURATION || elu > SATURATION;
      if (saturated) {
        notes.push(
          `load generator may have been the bottleneck: autocannon is single-threaded and used ` +
            `${(coreFraction * 100).toFixed(0)}% of a core (event loop ${(elu * 100).toFixed(0)}% busy)`,
        );
      }
      if (droppedInFlight > 0) {
        notes.push(
          `${droppedInFlight} request(s) were in flight when autocannon closed its sockets (dropped, no sample)`,
        );
      }
      if (opts.rate !== undefined) {
        notes.push(
          "rate: autocannon overallRate is a per-connection budget per wall-clock second (bursty), not a smooth open-loop schedule",
        );
        if (opts.rate < connections) notes.push(`rate < connections: autocannon used only ${opts.rate} connection(s)`);
      }
      const cols = store.columns();
      const effectiveConnections = opts.rate !== undefined && opts.rate < connections ? opts.rate : connections;
      const capture: AutocannonCapture = {
        format: "relix.autocannon-capture/v1",
        autocannonVersion: autocannonVersion(),
        startedAtMs,
        wallMs,
        connections: effectiveConnections,
        pipelining,
        requestsSent: sent,
        droppedInFlight,
        ...cols,
      };
      const norm = normaliseAutocannonCapture(capture);
      const unaccounted = sent - norm.samples.length - droppedInFlight;
      if (unaccounted !== 0) notes.push(`${unaccounted} request(s) sent without a sample or a drop record`);
      resolve({
        tool: "autocannon",
        ...norm,
        toolCpuMs,
        notes,
        requestsSent: sent,
        keysIssued,
        droppedInFlight,
        toolCpuCoreFraction: coreFraction,
        eventLoopUtilization: elu,
        generatorSaturated: saturated,
        autocannon: {
          errors: res.errors,
          timeouts: res.timeouts,
          non2xx: res.non2xx,
          sent: res.requests?.sent,
          completed: res.requests?.total,
          latencyP50Ms: res.latency?.p50,
          latencyP99Ms: res.latency?.p99,
          latencyCount: res.latency?.totalCount,
        },
        capture,
      });
    };

    try {
      tracker = autocannon(
        {
          url: origin,
          connections,
          pipelining,
          // Safety net only: we stop it ourselves. autocannon checks its stop flag every sampleInt ms.
          duration: (durationMs + timeoutMs + 2000) / 1000,
          sampleInt: 100,
          timeout: timeoutMs / 1000,
          ...(opts.rate !== undefined ? { overallRate: opts.rate } : {}),
          // Only built by each client's constructor, then replaced by the shared sequence (setupClient).
          requests: [{ method: specs[0]!.method, path: specs[0]!.path }],
          setupClient,
        },
        done,
      );
    } catch (e) {
      for (const t of timers) clearTimeout(t);
      reject(e as Error);
      return;
    }
    tracker.on("response", (_client: AcClient, statusCode: number, _bytes: number, responseTime: number) => {
      record(responseTime, String(statusCode), statusCode >= 200 && statusCode < 300);
    });
    tracker.on("error", (e: Error) => reject(e));

    if (opts.onProgress) {
      const cb = opts.onProgress;
      const tick = (): void => {
        second++;
        try {
          cb({
            elapsedMs: performance.now() - t0,
            second,
            ok: secOk,
            errors: secErr,
            meanLatencyUs: secOk > 0 ? (secLatMs / secOk) * 1000 : Number.NaN,
            totalOk,
            totalErrors: totalErr,
            inFlight: inFlightNow(),
          });
        } catch {
          // a faulty progress consumer must not break the measurement
        }
        secOk = secErr = 0;
        secLatMs = 0;
        if (!finishing) timers.push(setTimeout(tick, t0 + (second + 1) * 1000 - performance.now()));
      };
      timers.push(setTimeout(tick, 1000));
    }

    beginDrain = () => {
      if (draining || finishing) return;
      if (endOfRun === "drop") return stopTracker();
      draining = true;
      if (inFlightNow() === 0) return stopTracker();
      onSettled = stopTracker;
      // bounded: autocannon's own timeout fires after timeoutMs of silence anyway
      timers.push(setTimeout(stopTracker, timeoutMs + 1000));
    };
    timers.push(setTimeout(() => beginDrain(), durationMs));
    if (opts.signal?.aborted) beginDrain();
    else opts.signal?.addEventListener("abort", () => beginDrain(), { once: true });
  });
}
