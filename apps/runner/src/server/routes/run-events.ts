import { isFinalStatus } from "@relix/core/runner-api/run-status";
import { HttpError, runNotFound } from "../http/http-error";
import { openEventStream, type EventStream } from "../http/event-stream";
import type { StatusEvent } from "../runs/run-event-log";
import { sendEmpty } from "../http/respond";
import type { Route, RouteContext } from "../http/route";

/**
 * The id of the final status when it is made from the store (the run's events are no longer in
 * memory): a client that reconnects with it has seen the end.
 */
export const FINAL_EVENT_ID = "final";

/**
 * GET /api/runs/:id/events: the run's events as SSE. A client gets the events it has not seen
 * (all of them, or those after its Last-Event-ID), then the live ones; the stream ends after the
 * final status. A client that has seen the final status gets 204, which tells EventSource to stop
 * reconnecting.
 */
export const runEventsRoute: Route = {
  method: "GET",
  path: "/api/runs/:id/events",
  needsToken: false,
  async handle(ctx) {
    const { id } = ctx.params as { id: string };
    const { service } = ctx.app;
    const record = await service.getRecord(id);
    if (record === null) throw runNotFound();
    const lastEventId = parseLastEventId(ctx.req.headers["last-event-id"] ?? ctx.url.searchParams.get("lastEventId"));
    const events = service.events;

    if (!events.has(id)) {
      if (lastEventId === FINAL_EVENT_ID) return sendEmpty(ctx.res, 204);
      const final: StatusEvent = {
        type: "status",
        status: record.status,
        position: null,
        reason: record.reason,
        headline: record.headline,
        at: new Date(record.finishedAt ?? record.createdAt).toISOString(),
      };
      const stream = open(ctx);
      stream.send(final, FINAL_EVENT_ID);
      return stream.close();
    }

    const afterId = typeof lastEventId === "number" ? lastEventId : null;
    if (events.isEnded(id)) {
      const missed = afterId === null ? [events.last(id)!] : events.after(id, afterId);
      if (missed.length === 0) return sendEmpty(ctx.res, 204);
      const stream = open(ctx);
      for (const entry of missed) stream.sendLogged(entry);
      return stream.close();
    }

    // In progress: replay, then follow. Both happen in this one synchronous stretch, so no event
    // can fall between them (none is sent twice, none is lost).
    let unsubscribe = () => {};
    const stream = open(ctx, () => unsubscribe());
    for (const entry of events.after(id, afterId)) stream.sendLogged(entry);
    unsubscribe = events.subscribe(id, (entry) => {
      stream.sendLogged(entry);
      if (entry.event.type === "status" && isFinalStatus(entry.event.status)) stream.close();
    });
  },
};

function open(ctx: RouteContext, onClose: () => void = () => {}): EventStream {
  const { streams, heartbeatMs } = ctx.app;
  const stream = openEventStream(ctx.res, heartbeatMs, () => {
    streams.delete(stream);
    onClose();
  });
  streams.add(stream);
  return stream;
}

function parseLastEventId(value: string | string[] | null | undefined): number | typeof FINAL_EVENT_ID | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text === null) return null;
  if (text.trim() === FINAL_EVENT_ID) return FINAL_EVENT_ID;
  if (!/^\d{1,15}$/.test(text.trim())) {
    if (text.trim() === "") return null;
    throw new HttpError(400, "invalid_request", "Last-Event-ID must be an event id from this stream", [
      { path: "Last-Event-ID", message: "not an event id" },
    ]);
  }
  return Number(text.trim());
}
