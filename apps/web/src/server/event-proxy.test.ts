import { describe, expect, it } from "vitest";
import { proxyRunEvents } from "./event-proxy";
import { SseParser } from "./sse";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

const cell = { workload: "noop", cacheMode: "none", trial: 1, trials: 1, protocol: "rest", index: 1, total: 2 };
const at = "2025-01-01T00:00:00.000Z";

describe("proxyRunEvents", () => {
  it("passes valid events through with their ids and drops malformed ones", async () => {
    const invalid: string[] = [];
    const sample = { type: "sample", cell, second: 1, requests: 900, errors: 0, p50Ms: 0.4, p99Ms: 1.2, warmup: false };
    const done = { type: "status", status: "done", position: null, reason: null, headline: null, at };
    const upstream = streamOf([
      `id: 1\nevent: sample\ndata: ${JSON.stringify(sample)}\n\n`,
      `id: 2\nevent: sample\ndata: {"type":"sample","second":"one"}\n\n`,
      `id: 3\nevent: sent-by-a-future-runner\ndata: {}\n\n`,
      `id: 4\nevent: warning\ndata: ${JSON.stringify(sample)}\n\n`,
      `id: 5\nevent: status\ndata: ${JSON.stringify(done)}\n\n`,
    ]);
    const text = await readAll(proxyRunEvents(upstream, { onInvalid: (event) => invalid.push(event) }));
    const messages = new SseParser().push(text);
    expect(messages.map((m) => [m.id, m.event])).toEqual([
      ["1", "sample"],
      ["5", "status"],
    ]);
    expect(JSON.parse(messages[0]!.data)).toMatchObject({ requests: 900, cell: { protocol: "rest" } });
    expect(JSON.parse(messages[1]!.data)).toEqual(done);
    // A sample sent under another event's name is not that event.
    expect(invalid).toEqual(["sample", "sent-by-a-future-runner", "warning"]);
    expect(text.startsWith("retry: ")).toBe(true);
  });
});
