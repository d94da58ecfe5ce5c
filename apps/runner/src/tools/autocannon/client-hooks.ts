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
 * Key sequence and per-request cost: every client takes its requests, built once, from one shared
 * sequence (shared-key-sequence.ts).
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
import type { RestConnectionPolicy } from "@relix/core";
import type { AcClient, AcPending } from "./autocannon-internals";
import { internalsChanged } from "./autocannon-internals";
import type { CheckedSpec } from "./autocannon-options";
import { sharedKeySequence } from "./shared-key-sequence";

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

export function clientHooks(
  specs: CheckedSpec[],
  events: ClientEvents,
  connection: RestConnectionPolicy = "keep-alive",
): ClientHooks {
  const clients: AcClient[] = [];
  const keys = sharedKeySequence(specs);
  return {
    setupClient: (client: AcClient): void => {
      checkClientInternals(client);
      keys.attach(client.requestIterator);
      clients.push(client);
      const state: ClientState = {
        usedConn: undefined,
        reconnecting: false,
        dues: [],
        sendingDue: Number.NaN,
        stash: [],
      };
      trackWrites(client, state, events);
      hookIssuing(client, state, events, connection);
      hookLosses(client, state, events);
    },
    inFlight() {
      let n = 0;
      for (const c of clients) if (!c.destroyed) n += c.pipelinedRequests.size();
      return n;
    },
    keysIssued: keys.issued,
  };
}

/** What the hooks of one client keep between its events. */
interface ClientState {
  /** The connection the last request was written on; per-request never writes on it again. */
  usedConn: unknown;
  /** Set while `_connect` writes the request granted before it reconnected. */
  reconnecting: boolean;
  /** Due times of the requests in flight on this client, in write order (NaN when unscheduled). */
  dues: number[];
  /** The due time of the request being written, NaN when unscheduled. */
  sendingDue: number;
  /** The requests in flight when a timeout destroyed the connection: 'timeout' follows. */
  stash: AcPending[];
}

function checkClientInternals(client: AcClient): void {
  for (const k of ["_connect", "_doRequest", "_destroyConnection", "destroy"] as const) {
    if (typeof client[k] !== "function" || typeof client.pipelinedRequests?.toArray !== "function") {
      throw internalsChanged(`Client.${k}`);
    }
  }
}

/** Every write is counted, and every response carries the due time of its request. */
function trackWrites(client: AcClient, state: ClientState, events: ClientEvents): void {
  client.on("request", () => {
    state.usedConn = client.conn;
    state.dues.push(state.sendingDue);
    events.sent();
  });
  client.on("response", (statusCode: number, _bytes: number, latencyMs: number) => {
    const due = state.dues.shift();
    events.answered(latencyMs, statusCode, due === undefined || Number.isNaN(due) ? undefined : due);
  });
}

/** `_doRequest` asks the run first, writes on its slot's due time with a schedule, and on a fresh connection per request. */
function hookIssuing(
  client: AcClient,
  state: ClientState,
  events: ClientEvents,
  connection: RestConnectionPolicy,
): void {
  const origDo = client._doRequest.bind(client);
  const claimSlot = events.claimSlot;
  const issue = function (this: AcClient, a: unknown[]) {
    if (!events.mayIssue()) {
      // Closed now, or the server's close would make autocannon reconnect for nothing.
      if (connection === "per-request" && state.usedConn === this.conn) this._destroyConnection();
      return;
    }
    // A rate-limited client only pauses here; it reconnects when it really writes.
    const paused = this.rate !== undefined && this.rate > 0 && this.reqsMadeThisSecond >= this.rate;
    if (connection === "per-request" && state.usedConn === this.conn && !paused) {
      this._destroyConnection();
      state.reconnecting = true;
      this._connect();
      state.reconnecting = false;
      return;
    }
    return origDo(...a);
  };
  client._doRequest = function (this: AcClient, ...a: unknown[]) {
    if (state.reconnecting) {
      // _connect's own write of the request granted below
      state.reconnecting = false;
      return origDo(...a);
    }
    if (!claimSlot) return issue.call(this, a);
    const due = claimSlot();
    const send = (): void => {
      if (this.destroyed) return;
      // Node's timers have 1 ms resolution and fire up to ~1 ms late: waking at the whole ms below
      // the slot and writing up to 1 ms early keeps the generator's own lateness out of the
      // corrected figures (a request written early counts from its write: run-tally.ts).
      const early = due - performance.now();
      if (early >= 1) return void setTimeout(send, Math.floor(early));
      state.sendingDue = due;
      try {
        issue.call(this, a);
      } finally {
        state.sendingDue = Number.NaN;
      }
    };
    send();
  };
}

/** Requests autocannon loses without a word become failures, and its FIFO is cleared of them. */
function hookLosses(client: AcClient, state: ClientState, events: ClientEvents): void {
  const failFromFifo = (lost: AcPending[], code: string): void => {
    state.dues = state.dues.slice(lost.length);
    for (const e of lost) events.failed(hrMs(e.startTime), code);
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
      state.dues = [];
    } else state.stash = this.pipelinedRequests.toArray().slice(); // timeout: 'timeout' follows
    return origDestroyConn();
  };
  // Registered here, i.e. before autocannon's own listeners, so it runs before its reconnect.
  client.on("connError", (err: NodeJS.ErrnoException) => {
    const lost = client.pipelinedRequests.toArray().slice();
    client.pipelinedRequests.clear();
    failFromFifo(lost, err?.code ?? err?.message ?? "ERROR");
  });
  client.on("timeout", () => {
    const lost = state.stash;
    state.stash = [];
    failFromFifo(lost, "timeout");
  });
}
