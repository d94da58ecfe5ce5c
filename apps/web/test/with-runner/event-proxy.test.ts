import { startTestRunner, waitForStatus, type TestRunner } from "@relix/runner/src/server/testing/test-runner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxyRunEvents } from "@/server/event-proxy";
import { createRunnerClient } from "@/server/runner-client";
import { SseParser, type SseMessage } from "@/server/sse";

// The web app's SSE proxy on the runner service's own stream (its fake engine plays the run).

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("proxyRunEvents, on the runner service's stream", () => {
  let runner: TestRunner;
  beforeAll(async () => {
    runner = await startTestRunner();
  });
  afterAll(async () => {
    await runner?.close();
  });

  async function proxied(
    id: string,
    lastEventId: string | null,
  ): Promise<{ messages: SseMessage[]; invalid: string[] }> {
    const upstream = await createRunnerClient({ url: runner.url }).openEvents(
      id,
      lastEventId,
      AbortSignal.timeout(5000),
    );
    const invalid: string[] = [];
    const text = await readAll(proxyRunEvents(upstream.body!, { onInvalid: (event) => invalid.push(event) }));
    return { messages: new SseParser().push(text), invalid };
  }

  it("relays every event of a run unchanged, with the runner's ids; a reconnect gets only what came after", async () => {
    const started = await runner.request("/api/runs", { json: { spec: { workloads: ["noop"], durationMs: 1000 } } });
    const { id } = await started.json();
    const fake = await runner.engine.started(0);
    await waitForStatus(runner, id, "running");
    fake.emit({ type: "phase", phase: "measuring", message: "noop, REST" });
    fake.emit({ type: "cell-start", cell: fake.cell(), warmupMs: 1000, durationMs: 1000 });
    fake.sample(0);
    fake.sample(1);
    fake.emit({ type: "progress", fraction: 0.5, elapsedMs: 2000, remainingMs: 2000 });
    fake.emit({ type: "warning", message: "the REST load generator used 90% of a core" });
    fake.emit({ type: "cell-end", cell: fake.cell(), rps: 1000, p50Ms: 0.4, p99Ms: 1.2, errors: 0 });

    // Reading the whole stream takes until the run ends.
    const whole = proxied(id, null);
    fake.finish();
    const { messages, invalid } = await whole;
    expect(invalid).toEqual([]);
    expect(messages.map((m) => m.event)).toEqual([
      "status",
      "status",
      "phase",
      "cell-start",
      "sample",
      "sample",
      "progress",
      "warning",
      "cell-end",
      "status",
    ]);
    expect(messages.map((m) => m.id)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(JSON.parse(messages.at(-1)!.data)).toMatchObject({ type: "status", status: "done", headline: { cells: 1 } });

    const after = await proxied(id, "8");
    expect(after.messages.map((m) => [m.id, m.event])).toEqual([
      ["9", "cell-end"],
      ["10", "status"],
    ]);
  });
});
