import { afterEach, describe, expect, it } from "vitest";
import { useMysqlResultsStore } from "../../store/testing/use-mysql-results-store";
import { SseConnection, type SseMessage } from "../testing/sse-client";
import { startTestRunner, waitForStatus, type TestRunner } from "../testing/test-runner";

const spec = { workloads: ["noop"], durationMs: 1000, warmupMs: 0 };

const mysqlStore = useMysqlResultsStore();
let runner: TestRunner;
afterEach(async () => {
  await runner?.close();
});

async function submit(): Promise<string> {
  const response = await runner.request("/api/runs", { json: { spec } });
  expect(response.status).toBe(202);
  return (await response.json()).id;
}

const events = (messages: SseMessage[]) =>
  messages.map((m) => (m.event === "status" ? `status:${m.data.status}` : m.event));

describe("GET /api/runs/:id/events (SSE)", () => {
  it("streams status changes and per-second samples, then the final status, then ends", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const id = await submit();
    const fake = await runner.engine.started(0);
    await waitForStatus(runner, id, "running");

    const stream = await SseConnection.open(`${runner.url}/api/runs/${id}/events`);
    expect(stream.status).toBe(200);
    // What happened before the client connected is replayed first.
    expect(events(await stream.until((m) => m.event === "status" && m.data.status === "running"))).toEqual([
      "status:queued",
      "status:running",
    ]);

    fake.emit({ type: "cell-start", cell: fake.cell("rest"), warmupMs: 0, durationMs: 1000 });
    fake.sample(0, "rest");
    fake.sample(1, "rest");
    fake.emit({ type: "cell-end", cell: fake.cell("rest"), rps: 1000, p50Ms: 0.4, p99Ms: 1.2, errors: 0 });
    fake.sample(0, "grpc");
    fake.finish();

    const rest = await stream.rest();
    expect(events(rest)).toEqual(["cell-start", "sample", "sample", "cell-end", "sample", "status:done"]);
    const [firstSample] = rest.filter((m) => m.event === "sample");
    expect(firstSample).toMatchObject({
      id: "4",
      data: {
        type: "sample",
        cell: { workload: "noop", protocol: "rest" },
        second: 0,
        requests: 1000,
        errors: 0,
        p50Ms: 0.4,
        p99Ms: 1.2,
      },
    });
    expect(rest.at(-1)!.data).toMatchObject({
      type: "status",
      status: "done",
      reason: null,
      headline: { speedup: 1.2 },
      at: expect.any(String),
    });
    // Ids are consecutive: nothing skipped, nothing repeated.
    expect(rest.map((m) => Number(m.id))).toEqual([3, 4, 5, 6, 7, 8]);
    expect(stream.ended).toBe(true);
    // The status event came after the store had it: a page reloading on it sees the result.
    expect((await (await runner.request(`/api/runs/${id}`)).json()).status).toBe("done");
  });

  it("after a dropped connection, Last-Event-ID gets exactly the events that were missed", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const id = await submit();
    const fake = await runner.engine.started(0);
    await waitForStatus(runner, id, "running");

    const first = await SseConnection.open(`${runner.url}/api/runs/${id}/events`);
    for (let second = 0; second < 3; second++) fake.sample(second);
    const seen = await first.until((m) => m.event === "sample" && m.data.second === 2);
    const lastId = seen.at(-1)!.id!;
    first.close();
    await expect.poll(() => runner.service.events.listenerCount(id)).toBe(0);

    // Missed while disconnected:
    fake.sample(3);
    fake.sample(4);
    const again = await SseConnection.open(`${runner.url}/api/runs/${id}/events`, { lastEventId: lastId });
    fake.sample(5);
    fake.finish();
    const rest = await again.rest();
    expect(rest.filter((m) => m.event === "sample").map((m) => m.data.second)).toEqual([3, 4, 5]);
    expect(events(rest).at(-1)).toBe("status:done");
    const ids = [...seen, ...rest].map((m) => Number(m.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("a client connecting after the run finished gets the final status and the stream ends; reconnecting after it gets 204", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const id = await submit();
    (await runner.engine.started(0)).finish();
    await waitForStatus(runner, id, "done");

    const late = await SseConnection.open(`${runner.url}/api/runs/${id}/events`);
    const messages = await late.rest();
    expect(events(messages)).toEqual(["status:done"]);
    expect(late.ended).toBe(true);

    // EventSource reconnects when a stream ends; 204 tells it to stop.
    const reconnect = await SseConnection.open(`${runner.url}/api/runs/${id}/events`, {
      lastEventId: messages[0]!.id!,
    });
    expect(reconnect.status).toBe(204);
  });

  it("a queued run streams its place in the queue as it moves up, and a cancel as its final status", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const a = await submit();
    const b = await submit();
    const c = await submit();
    const first = await runner.engine.started(0);
    const stream = await SseConnection.open(`${runner.url}/api/runs/${c}/events`);
    expect((await stream.next())!.data).toMatchObject({ status: "queued", position: 2 });

    first.finish();
    await waitForStatus(runner, a, "done");
    expect((await stream.next())!.data).toMatchObject({ status: "queued", position: 1 });
    await waitForStatus(runner, b, "running");
    await runner.request(`/api/runs/${c}/cancel`, { method: "POST" });
    const rest = await stream.rest();
    expect(rest.map((m) => m.data)).toEqual([
      expect.objectContaining({ status: "cancelled", reason: "cancelled by request" }),
    ]);
  });

  it("sends a heartbeat comment while nothing happens, and forgets the client when it leaves", async () => {
    runner = await startTestRunner({ store: mysqlStore.store, heartbeatMs: 50 });
    const id = await submit();
    const fake = await runner.engine.started(0);
    await waitForStatus(runner, id, "running");
    const stream = await SseConnection.open(`${runner.url}/api/runs/${id}/events`);
    await stream.until((m) => m.data.status === "running");
    expect(runner.service.events.listenerCount(id)).toBe(1);
    await expect(stream.next(300)).rejects.toThrow(/time limit/);
    expect(stream.comments).toBeGreaterThanOrEqual(2);
    stream.close();
    await expect.poll(() => runner.service.events.listenerCount(id)).toBe(0);
    expect(runner.app.server.listenerCount("request")).toBe(1);
    fake.finish();
  });

  it("streams the final status of a run that finished before this runner started, then ends", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const id = await submit();
    (await runner.engine.started(0)).finish();
    await waitForStatus(runner, id, "done");
    await runner.close();

    // The next process has no events of it in memory: the store says how it ended.
    runner = await startTestRunner({ store: mysqlStore.store });
    const stream = await SseConnection.open(`${runner.url}/api/runs/${id}/events`, { lastEventId: 7 });
    const messages = await stream.rest();
    expect(messages).toEqual([
      {
        id: "final",
        event: "status",
        data: expect.objectContaining({
          type: "status",
          status: "done",
          headline: expect.objectContaining({ speedup: 1.2 }),
        }),
      },
    ]);
    const again = await SseConnection.open(`${runner.url}/api/runs/${id}/events`, { lastEventId: "final" });
    expect(again.status).toBe(204);
  });
});
