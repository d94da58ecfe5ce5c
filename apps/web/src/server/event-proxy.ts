import { streamEventSchema, type StreamEvent } from "@relix/core/runner-api/run-events";
import { serializeSse, SseParser } from "./sse";

// Re-emits the runner's SSE stream to the browser. Each event is validated with the runner's own
// schema (the browser then trusts what it gets) and keeps the runner's id, so the browser's
// Last-Event-ID after a dropped connection means the same thing to the runner. Comments keep idle
// connections open.

/** One SSE message -> its event, or null when the data does not match the schema or its name. */
export function parseStreamEvent(eventName: string, data: string): StreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = streamEventSchema.safeParse(json);
  return parsed.success && parsed.data.type === eventName ? parsed.data : null;
}

export interface ProxyOptions {
  heartbeatMs?: number;
  /** How long EventSource waits before reconnecting after a drop. */
  retryMs?: number;
  onInvalid?: (event: string, data: string) => void;
}

export function proxyRunEvents(
  upstream: ReadableStream<Uint8Array>,
  options: ProxyOptions = {},
): ReadableStream<Uint8Array> {
  const { heartbeatMs = 15_000, retryMs = 1_500, onInvalid } = options;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const reader = upstream.getReader();
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`retry: ${retryMs}\n\n`));
      heartbeat = setInterval(() => {
        try {
          controller.enqueue(encoder.encode(": keep-alive\n\n"));
        } catch {
          clearInterval(heartbeat);
        }
      }, heartbeatMs);
    },
    async pull(controller) {
      try {
        // Loop until something is enqueued: a pull that enqueues nothing is not called again.
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            clearInterval(heartbeat);
            controller.close();
            return;
          }
          let out = "";
          for (const message of parser.push(decoder.decode(value, { stream: true }))) {
            const event = parseStreamEvent(message.event, message.data);
            if (!event) {
              onInvalid?.(message.event, message.data);
              continue;
            }
            out += serializeSse({ id: message.id, event: message.event, data: JSON.stringify(event) });
          }
          if (out) {
            controller.enqueue(encoder.encode(out));
            return;
          }
        }
      } catch (error) {
        clearInterval(heartbeat);
        controller.error(error);
      }
    },
    async cancel(reason) {
      clearInterval(heartbeat);
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}
