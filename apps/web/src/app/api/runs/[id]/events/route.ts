import { proxyRunEvents } from "@/server/event-proxy";
import { isRunId, runner } from "@/server/runner-client";

export const dynamic = "force-dynamic";

/**
 * The run's live events, proxied from the runner so the browser only ever talks to this origin.
 * EventSource reconnects by itself with a Last-Event-ID header; the page's own reconnect (after
 * a refused connection) passes ?lastEventId= instead, since it cannot set headers.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  if (!isRunId(id)) return new Response("unknown run", { status: 404 });
  const fromQuery = new URL(request.url).searchParams.get("lastEventId");
  const lastEventId =
    request.headers.get("last-event-id") ?? (fromQuery && /^\d{1,12}$/.test(fromQuery) ? fromQuery : null);

  const upstreamAbort = new AbortController();
  request.signal.addEventListener("abort", () => upstreamAbort.abort(), { once: true });
  let upstream: Response;
  try {
    upstream = await runner().openEvents(id, lastEventId, upstreamAbort.signal);
  } catch {
    return new Response("runner unreachable", { status: 502 });
  }
  if (upstream.status === 404) return new Response("unknown run", { status: 404 });
  // The runner answers 204 to a client that already saw the final status: EventSource then stops.
  if (upstream.status === 204) return new Response(null, { status: 204 });
  if (!upstream.ok || !upstream.body) return new Response(`runner answered ${upstream.status}`, { status: 502 });

  const body = proxyRunEvents(upstream.body, {
    onInvalid: (event) => console.warn(`[web] dropped an invalid "${event}" event of run ${id}`),
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
