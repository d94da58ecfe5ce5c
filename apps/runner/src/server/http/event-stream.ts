import type { ServerResponse } from "node:http";
import type { LoggedEvent, StreamEvent } from "../runs/run-event-log";

/** Browsers reconnect after this long when a stream drops (the SSE `retry` field). */
const RETRY_MS = 2000;

export interface EventStream {
  /** Writes one event: `id: <id>\nevent: <type>\ndata: <json>\n\n`. */
  send(event: StreamEvent, id: number | string): void;
  sendLogged(entry: LoggedEvent): void;
  /** Ends the response; idempotent. */
  close(): void;
  readonly closed: boolean;
}

/**
 * An SSE response on `res`: headers that stop proxies from buffering it, a heartbeat comment every
 * `heartbeatMs` (an idle stream behind a proxy would otherwise be cut), and `onClose` called once,
 * whether the client went away or the server ended the stream.
 */
export function openEventStream(res: ServerResponse, heartbeatMs: number, onClose: () => void): EventStream {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-content-type-options": "nosniff",
  });
  res.write(`retry: ${RETRY_MS}\n\n`);
  res.socket?.setNoDelay(true);

  let closed = false;
  const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), heartbeatMs);
  heartbeat.unref();
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    onClose();
  };
  res.on("close", finish);

  const stream: EventStream = {
    send(event, id) {
      if (closed) return;
      res.write(`id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    },
    sendLogged(entry) {
      stream.send(entry.event, entry.id);
    },
    close() {
      if (!res.writableEnded) res.end();
      finish();
    },
    get closed() {
      return closed;
    },
  };
  return stream;
}
