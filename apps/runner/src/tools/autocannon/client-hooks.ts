/**
 * What the REST driver changes in each autocannon client (setupClient), and why.
 *
 * Errors. Non-2xx responses come through 'response' like any other (kept, ok=false). Socket
 * errors reach the tracker as 'reqError' (one per pipelining slot, with no latency and no
 * client), timeouts as 'reqError' "request timed out" after autocannon has already destroyed the
 * socket. A server-side close (FIN) with a request in flight produces NO event at all, and neither
 * error path clears the per-client FIFO of pending requests, so every later response on that
 * client would be matched to the wrong start time. So each client is hooked and the pending
 * entries themselves become ok=false samples (code = err.code (ECONNRESET, ECONNREFUSED, ...),
 * "timeout", or "ECONNCLOSED" for a silent close) and the FIFO is cleared.
 *
 * Key sequence. autocannon cycles `requests[]` per connection (difference #10). Each client
 * instead takes the next request from ONE counter shared by all clients: the hook replaces its
 * request iterator's `nextRequest` (called once per request sent after the first) and its
 * `currentRequest` (the first, built in the constructor and sent right after setupClient), so the
 * same ids in the same global round-robin order hit the server as with ghz, whose data index is
 * its global request number.
 *
 * Per-request cost. A `setupRequest` function (the documented way to vary requests) makes the
 * iterator rebuild the request on every send: header merging, string building, a Buffer and a
 * hyperid. On a 2-core machine that client CPU is taken from the server (the overhead script
 * measured Relix at ~0.85x the autocannon CLI's noop rps that way). So each distinct request is
 * built ONCE, by autocannon's own request builder, and every send reuses its bytes, as the CLI
 * does with its single static request.
 *
 * A connection per request. autocannon stamps a request's start just before `socket.write`, and
 * `_connect` writes right after `net.connect` (Node queues the bytes until the handshake is done),
 * so the first request on a connection already times its connect. With `per-request`, a client
 * about to write on a connection that has carried a request closes it and connects again, and the
 * request goes out on the new one: each call is the first on its connection.
 *
 * A schedule (open loop). autocannon's own rate is a per-connection budget per wall-clock second,
 * sent in bursts, and it times each request from its actual write. With a schedule, a client that
 * is free claims the next slot (slot i is due at t0 + i / rate) and writes when it is due; a slot
 * already past is written at once, late. Each response carries its slot's due time, so its latency
 * can also be counted from when it should have gone out (coordinated omission corrected).
 */
import { performance } from "node:perf_hooks";
import type { AcClient, AcPending, AcRequestData, AcRequestIterator } from "./autocannon-internals";
import { internalsChanged } from "./autocannon-internals";
import { chunkedBody, type RestConnectionPolicy } from "@relix/core";
import type { CheckedSpec } from "./autocannon-options";

/** What the hooks tell the run, and ask it. */
export interface ClientEvents {
  /** Asked before a request is written: false issues nothing (end of run, or the count reached). */
  mayIssue(): boolean;
  /** A request was written to a socket. */
  sent(): void;
  /** A request that will never get a response, with how long it had waited. */
  failed(latencyMs: number, code: string): void;
  /** Requests still in flight when autocannon destroyed a client at the end of the run. */
  dropped(count: number): void;
  /** A response: its latency from the write, its status, and its slot's due time when scheduled. */
  answered(latencyMs: number, statusCode: number, dueMs: number | undefined): void;
  /** With a rate: the due time (performance.now() ms) of the next slot, claimed by the caller. */
  claimSlot?: () => number;
}

export interface ClientHooks {
  /** autocannon's `setupClient` option. */
  setupClient: (client: AcClient) => void;
  /** Requests written and not yet answered, over every live client. */
  inFlight: () => number;
  /** Specs taken from the key sequence so far. */
  keysIssued: () => number;
}

const hrMs = (start: [number, number]): number => {
  const d = process.hrtime(start);
  return d[0] * 1e3 + d[1] / 1e6;
};

/**
 * autocannon's builder always writes Content-Length for a body, and a request with both that and
 * Transfer-Encoding is refused (request smuggling), so a chunked request is its head built without
 * a body, then the body in chunked coding.
 */
function chunkedRequest(iterator: AcRequestIterator, s: CheckedSpec, chunkBytes: number): AcRequestData {
  const head: AcRequestData = {
    method: s.method,
    path: s.path,
    headers: { ...s.headers, "Transfer-Encoding": "chunked" },
  };
  const headBuffer = iterator.requestBuilder(head, iterator.context);
  if (!headBuffer) throw new Error(`autocannon could not build ${s.method} ${s.path}`);
  const body = typeof s.body === "string" ? Buffer.from(s.body) : s.body!;
  return { ...head, requestBuffer: Buffer.concat([headBuffer, chunkedBody(body, chunkBytes)]) };
}

/** Every spec's request, built once (with the first client's builder: the same for all), taken in turn. */
function sharedKeySequence(specs: CheckedSpec[]) {
  let prebuilt: AcRequestData[] | undefined;
  let next = 0;
  let issued = 0;
  const take = (): AcRequestData => {
    const request = prebuilt![next]!;
    next = next + 1 === prebuilt!.length ? 0 : next + 1;
    issued++;
    return request;
  };
  const build = (iterator: AcRequestIterator): AcRequestData[] =>
    specs.map((s) => {
      if (s.chunkBytes !== undefined) return chunkedRequest(iterator, s, s.chunkBytes);
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
  return {
    issued: () => issued,
    attach(iterator: AcRequestIterator): void {
      if (typeof iterator?.requestBuilder !== "function" || typeof iterator.nextRequest !== "function") {
        throw internalsChanged("RequestIterator");
      }
      prebuilt ??= build(iterator);
      iterator.currentRequest = take();
      iterator.nextRequest = function nextRequest(this: AcRequestIterator) {
        this.resetted = false;
        this.currentRequest = take();
        return this.currentRequest;
      };
    },
  };
}

export function clientHooks(
  specs: CheckedSpec[],
  events: ClientEvents,
  connection: RestConnectionPolicy = "keep-alive",
): ClientHooks {
  const clients: AcClient[] = [];
  const keys = sharedKeySequence(specs);
  const fail = (entries: AcPending[], code: string): void => {
    for (const e of entries) events.failed(hrMs(e.startTime), code);
  };

  const setupClient = (client: AcClient): void => {
    for (const k of ["_connect", "_doRequest", "_destroyConnection", "destroy"] as const) {
      if (typeof client[k] !== "function" || typeof client.pipelinedRequests?.toArray !== "function") {
        throw internalsChanged(`Client.${k}`);
      }
    }
    keys.attach(client.requestIterator);
    clients.push(client);
    // The connection the last request was written on; per-request never writes on it again.
    let usedConn: unknown;
    let reconnecting = false;
    // Due times of the requests in flight on this client, in write order (NaN when unscheduled).
    let dues: number[] = [];
    let sendingDue = Number.NaN;
    client.on("request", () => {
      usedConn = client.conn;
      dues.push(sendingDue);
      events.sent();
    });
    client.on("response", (statusCode: number, _bytes: number, latencyMs: number) => {
      const due = dues.shift();
      events.answered(latencyMs, statusCode, due === undefined || Number.isNaN(due) ? undefined : due);
    });
    let stash: AcPending[] = [];
    const origDo = client._doRequest.bind(client);
    const claimSlot = events.claimSlot;
    client._doRequest = function (this: AcClient, ...a: unknown[]) {
      if (reconnecting) {
        // _connect's own write of the request granted below
        reconnecting = false;
        return origDo(...a);
      }
      if (!claimSlot) return issue.call(this, a);
      const due = claimSlot();
      const send = (): void => {
        if (this.destroyed) return;
        // Node's timers have 1 ms resolution and fire up to ~1 ms late: waking at the whole ms below
        // the slot and writing up to 1 ms early keeps the generator's own lateness out of the
        // corrected figures (a request written early counts from its write: run-autocannon.ts).
        const early = due - performance.now();
        if (early >= 1) return void setTimeout(send, Math.floor(early));
        sendingDue = due;
        try {
          issue.call(this, a);
        } finally {
          sendingDue = Number.NaN;
        }
      };
      send();
    };
    const issue = function (this: AcClient, a: unknown[]) {
      if (!events.mayIssue()) {
        // Closed now, or the server's close would make autocannon reconnect for nothing.
        if (connection === "per-request" && usedConn === this.conn) this._destroyConnection();
        return;
      }
      // A rate-limited client only pauses here; it reconnects when it really writes.
      const paused = this.rate !== undefined && this.rate > 0 && this.reqsMadeThisSecond >= this.rate;
      if (connection === "per-request" && usedConn === this.conn && !paused) {
        this._destroyConnection();
        reconnecting = true;
        this._connect();
        reconnecting = false;
        return;
      }
      return origDo(...a);
    };
    const failFromFifo = (lost: AcPending[], code: string): void => {
      dues = dues.slice(lost.length);
      fail(lost, code);
    };
    const origConnect = client._connect.bind(client);
    client._connect = function (this: AcClient) {
      // Reconnect after 'end' (server closed the socket) with requests still pending: autocannon
      // neither reports them nor clears its FIFO.
      if (this.pipelinedRequests.size() > 0) {
        const lost = this.pipelinedRequests.toArray().slice();
        this.pipelinedRequests.clear();
        failFromFifo(lost, "ECONNCLOSED");
      }
      return origConnect();
    };
    const origDestroyConn = client._destroyConnection.bind(client);
    client._destroyConnection = function (this: AcClient) {
      if (this.destroyed) {
        events.dropped(this.pipelinedRequests.size()); // end of run
        dues = [];
      } else stash = this.pipelinedRequests.toArray().slice(); // timeout: 'timeout' follows
      return origDestroyConn();
    };
    // Registered here, i.e. before autocannon's own listeners, so it runs before its reconnect.
    client.on("connError", (err: NodeJS.ErrnoException) => {
      const lost = client.pipelinedRequests.toArray().slice();
      client.pipelinedRequests.clear();
      failFromFifo(lost, err?.code ?? err?.message ?? "ERROR");
    });
    client.on("timeout", () => {
      const lost = stash;
      stash = [];
      failFromFifo(lost, "timeout");
    });
  };

  return {
    setupClient,
    inFlight() {
      let n = 0;
      for (const c of clients) if (!c.destroyed) n += c.pipelinedRequests.size();
      return n;
    },
    keysIssued: keys.issued,
  };
}
