"use client";

import { useEffect, useReducer, useRef, useState } from "react";
import { initialLiveState, reduceLive, type LiveState } from "@/lib/live/live-state";
import type { StreamEvent } from "@relix/core/runner-api/run-events";
import { isFinalStatus, streamEventTypes, type RunStatus } from "@relix/core/runner-api/run-status";

export type Connection = "connecting" | "open" | "reconnecting" | "closed";

type Batch = { event: StreamEvent; seq: number | undefined }[];

function reducer(state: LiveState, batch: Batch): LiveState {
  let next = state;
  for (const { event, seq } of batch) next = reduceLive(next, event, seq);
  return next;
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
  const [state, dispatch] = useReducer(reducer, undefined, () => initialLiveState(initial.status, initial.position));
  const [connection, setConnection] = useState<Connection>("connecting");
  const onFinalRef = useRef(onFinal);
  onFinalRef.current = onFinal;

  useEffect(() => {
    let source: EventSource | null = null;
    let closed = false;
    let attempts = 0;
    let lastSeq = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let frame: number | undefined;
    let pending: Batch = [];

    const flush = () => {
      frame = undefined;
      const batch = pending;
      pending = [];
      if (batch.length > 0) dispatch(batch);
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
          onFinalRef.current(event.status);
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

  return { state, connection };
}
