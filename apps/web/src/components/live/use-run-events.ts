"use client";

import { useEffect, useEffectEvent, useReducer, useState } from "react";
import { initialLiveState, reduceLive, type LiveState } from "@/lib/live/live-state";
import type { StreamEvent } from "@relix/core/runner-api/run-events";
import { isFinalStatus, streamEventTypes, type RunStatus } from "@relix/core/runner-api/run-status";

export type Connection = "connecting" | "open" | "reconnecting" | "closed";

type Batch = { events: { event: StreamEvent; seq: number | undefined }[]; at: number };

interface Followed {
  live: LiveState;
  /** When the latest progress event arrived: the page's clock counts on from it. */
  progressAt: number;
}

function reducer(state: Followed, batch: Batch): Followed {
  let live = state.live;
  for (const { event, seq } of batch.events) live = reduceLive(live, event, seq);
  return { live, progressAt: live.progress !== state.live.progress ? batch.at : state.progressAt };
}

/**
 * Follows a run over SSE (same origin: /api/runs/:id/events). Events are applied in animation-frame
 * batches, so a replay of a long run after a reload renders once, not a thousand times. When the
 * connection drops, EventSource reconnects by itself with Last-Event-ID; when it gives up (the
 * proxy answered an error), this reconnects with backoff and ?lastEventId=, so no event is lost
 * and none is applied twice (the reducer skips ids it has seen).
 */
export function useRunEvents(
  id: string,
  initial: { status: RunStatus; position: number | null },
  onFinal: (status: RunStatus) => void,
) {
  const [state, dispatch] = useReducer(reducer, undefined, () => ({
    live: initialLiveState(initial.status, initial.position),
    progressAt: Date.now(),
  }));
  const [connection, setConnection] = useState<Connection>("connecting");
  const finished = useEffectEvent(onFinal);

  useEffect(() => {
    let source: EventSource | null = null;
    let closed = false;
    let attempts = 0;
    let lastSeq = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let frame: number | undefined;
    let pending: Batch["events"] = [];

    const flush = () => {
      frame = undefined;
      const events = pending;
      pending = [];
      if (events.length > 0) dispatch({ events, at: Date.now() });
    };

    const connect = () => {
      const query = lastSeq > 0 ? `?lastEventId=${lastSeq}` : "";
      const es = new EventSource(`/api/runs/${encodeURIComponent(id)}/events${query}`);
      source = es;
      es.onopen = () => {
        attempts = 0;
        setConnection("open");
      };
      const onMessage = (message: MessageEvent<string>) => {
        let event: StreamEvent;
        try {
          // Validated by this app's SSE proxy (src/server/event-proxy.ts) with the runner's schema.
          event = JSON.parse(message.data) as StreamEvent;
        } catch {
          return;
        }
        const seq = /^\d+$/.test(message.lastEventId) ? Number(message.lastEventId) : undefined;
        if (seq !== undefined) lastSeq = Math.max(lastSeq, seq);
        pending.push({ event, seq });
        frame ??= requestAnimationFrame(flush);
        if (event.type === "status" && isFinalStatus(event.status)) {
          closed = true;
          es.close();
          flush();
          setConnection("closed");
          finished(event.status);
        }
      };
      for (const type of streamEventTypes) es.addEventListener(type, onMessage as EventListener);
      es.onerror = () => {
        if (closed) return;
        setConnection("reconnecting");
        if (es.readyState === EventSource.CLOSED) {
          const delay = Math.min(15_000, 1_000 * 2 ** attempts) + Math.random() * 300;
          attempts += 1;
          retryTimer = setTimeout(connect, delay);
        }
      };
    };

    connect();
    return () => {
      closed = true;
      source?.close();
      clearTimeout(retryTimer);
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [id]);

  return { state: state.live, progressAt: state.progressAt, connection };
}
