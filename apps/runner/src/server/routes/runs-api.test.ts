import { afterEach, describe, expect, it } from "vitest";
import { runResultSchema } from "@relix/core";
import { useMysqlResultsStore } from "../../store/testing/use-mysql-results-store";
import { startTestRunner, waitForStatus, type TestRunner } from "../testing/test-runner";

const spec = { workloads: ["noop"], durationMs: 1000, warmupMs: 0 };

const mysqlStore = useMysqlResultsStore();
let runner: TestRunner;
afterEach(async () => {
  await runner?.close();
});

async function submit(body: unknown = { spec }): Promise<{ id: string; status: string; position: number }> {
  const response = await runner.request("/api/runs", { json: body });
  expect(response.status).toBe(202);
  return response.json();
}

describe("runs over HTTP (real MySQL, fake engine)", () => {
  it("POST /api/runs answers 202 with a random id, and the run goes queued -> running -> done with its result", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const response = await runner.request("/api/runs", { json: { spec } });
    expect(response.status).toBe(202);
    const submitted = await response.json();
    expect(submitted).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), status: "queued", position: 1 });
    expect(response.headers.get("location")).toBe(`/api/runs/${submitted.id}`);

    const fake = await runner.engine.started(0);
    expect(fake.spec).toMatchObject({ workloads: ["noop"], durationMs: 1000, connections: 8 });
    const running = await waitForStatus(runner, submitted.id, "running");
    expect(running).toMatchObject({ position: null, result: null, startedAt: expect.any(String), finishedAt: null });

    fake.emit({ type: "phase", phase: "measuring", message: "noop, REST" });
    fake.emit({ type: "cell-start", cell: fake.cell(), warmupMs: 0, durationMs: 1000 });
    fake.emit({ type: "progress", fraction: 0.25, elapsedMs: 500, remainingMs: 1500 });
    const live = (await (await runner.request(`/api/runs/${submitted.id}`)).json()).live;
    expect(live).toMatchObject({
      phase: "measuring",
      message: "noop, REST",
      cell: fake.cell(),
      progress: { fraction: 0.25 },
    });

    fake.finish();
    const done = await waitForStatus(runner, submitted.id, "done");
    expect(done).toMatchObject({
      id: submitted.id,
      preset: null,
      workloads: ["noop"],
      live: null,
      reason: null,
      // One trial with no interval (the fake engine's result): a point estimate, no winner named.
      headline: {
        workload: "noop",
        speedup: 1.2,
        winner: "none",
        verdict: expect.stringContaining("not enough to tell"),
      },
      spec: { workloads: ["noop"], durationMs: 1000 },
    });
    // The stored result carries the run's id (the engine does not know it) and passes the schema.
    expect(runResultSchema.parse(done.result).id).toBe(submitted.id);

    const download = await runner.request(`/api/runs/${submitted.id}/result`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="relix-${submitted.id}.json"`);
    expect(download.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await download.json()).toEqual(done.result);

    const list = await (await runner.request("/api/runs")).json();
    expect(list.runs[0]).toMatchObject({
      id: submitted.id,
      status: "done",
      headline: { speedup: 1.2 },
      workloads: ["noop"],
    });
    expect(list.runs[0]).not.toHaveProperty("result");
  });

  it("runs one at a time; the others wait with their position visible, and move up", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const a = await submit();
    const b = await submit();
    const c = await submit();
    expect([a.position, b.position, c.position]).toEqual([1, 1, 2]);
    const first = await runner.engine.started(0);
    await waitForStatus(runner, a.id, "running");
    expect(await waitForStatus(runner, b.id, "queued")).toMatchObject({ position: 1 });
    expect(await waitForStatus(runner, c.id, "queued")).toMatchObject({ position: 2 });
    expect(runner.engine.runs).toHaveLength(1);

    const list = await (await runner.request("/api/runs")).json();
    const byId = new Map(list.runs.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(c.id)).toMatchObject({ status: "queued", position: 2 });

    first.finish();
    const second = await runner.engine.started(1);
    await waitForStatus(runner, b.id, "running");
    expect(await waitForStatus(runner, c.id, "queued")).toMatchObject({ position: 1 });
    second.finish();
    (await runner.engine.started(2)).finish();
    await waitForStatus(runner, c.id, "done");
  });

  it("cancels a queued run (it never starts) and a running one (aborted through its signal)", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const a = await submit();
    const b = await submit();
    const first = await runner.engine.started(0);
    await waitForStatus(runner, a.id, "running");

    const cancelQueued = await runner.request(`/api/runs/${b.id}/cancel`, { method: "POST" });
    expect(cancelQueued.status).toBe(202);
    expect(await cancelQueued.json()).toEqual({ id: b.id, status: "cancelled" });
    expect(await waitForStatus(runner, b.id, "cancelled")).toMatchObject({
      reason: "cancelled by request",
      position: null,
    });

    const cancelRunning = await runner.request(`/api/runs/${a.id}/cancel`, { method: "POST" });
    expect(cancelRunning.status).toBe(202);
    expect(await cancelRunning.json()).toEqual({ id: a.id, status: "running", cancelRequested: true });
    expect(first.signal?.aborted).toBe(true);
    expect(await waitForStatus(runner, a.id, "cancelled")).toMatchObject({
      reason: "cancelled by request",
      result: null,
    });
    expect(runner.engine.runs).toHaveLength(1);

    const again = await runner.request(`/api/runs/${a.id}/cancel`, { method: "POST" });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe("not_cancellable");
    const result = await runner.request(`/api/runs/${a.id}/result`);
    expect(result.status).toBe(409);
  });

  it("marks a run whose engine throws as failed, with the reason, and goes on with the next", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const a = await submit();
    const b = await submit();
    (await runner.engine.started(0)).fail(new Error("preflight: REST and gRPC answers differ for item.get"));
    expect(await waitForStatus(runner, a.id, "failed")).toMatchObject({
      reason: "preflight: REST and gRPC answers differ for item.get",
      finishedAt: expect.any(String),
    });
    (await runner.engine.started(1)).finish();
    await waitForStatus(runner, b.id, "done");
  });

  it("fails a run whose engine returns something that is not a valid result, instead of storing it", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const a = await submit();
    (await runner.engine.started(0)).finish({ schema: "relix.result/v1" } as never);
    const failed = await waitForStatus(runner, a.id, "failed");
    expect(failed.reason).toMatch(/^the engine returned an invalid result/);
  });

  it("answers 404 JSON for unknown runs, well-formed or not, on every run route", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    for (const id of ["AAAAAAAAAAAAAAAA", "not-a-real-id-xyz", "..%2F..%2Fetc", "x"]) {
      for (const [method, suffix] of [
        ["GET", ""],
        ["GET", "/result"],
        ["GET", "/events"],
        ["POST", "/cancel"],
      ] as const) {
        const response = await runner.request(`/api/runs/${id}${suffix}`, { method });
        expect(response.status, `${method} ${id}${suffix}`).toBe(404);
        expect((await response.json()).error).toMatchObject({ code: "not_found", message: expect.any(String) });
      }
    }
    const unknownPath = await runner.request("/api/nothing");
    expect(unknownPath.status).toBe(404);
    const wrongMethod = await runner.request("/api/runs", { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, POST");
  });

  it("serves the catalog, the presets, the spec bounds and a health check", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const catalog = await (await runner.request("/api/catalog")).json();
    expect(catalog.workloads).toContainEqual({
      id: "item.get",
      label: expect.any(String),
      study: "000",
      description: expect.any(String),
      usesCache: true,
      streaming: false,
    });
    expect(catalog.cacheModes).toEqual(["warm", "cold", "miss", "memory"]);

    const presets = await (await runner.request("/api/presets")).json();
    const quick = presets.presets.find((p: { name: string }) => p.name === "quick");
    expect(quick).toMatchObject({
      title: expect.any(String),
      description: expect.any(String),
      study: null,
      spec: { preset: "quick" },
    });
    expect(presets.presets.find((p: { name: string }) => p.name === "study-001")).toMatchObject({ study: "001" });

    const schema = await (await runner.request("/api/spec-schema")).json();
    expect(schema.bounds.connections).toEqual({ min: 1, max: 256 });
    expect(schema.defaults).toMatchObject({ connections: 8, durationMs: 5000, cacheModes: ["warm"] });
    expect(schema.defaults).not.toHaveProperty("workloads");
    expect(schema.maxTotalRunMs).toBe(3_600_000);
    expect(schema.jsonSchema.properties.durationMs).toMatchObject({ minimum: 500, maximum: 300_000 });

    const health = await runner.request("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", running: false, waiting: 0 });
  });

  it("starts a run from a preset, with overrides on top", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const submitted = await submit({ preset: "quick", spec: { trials: 2, durationMs: 750 } });
    const fake = await runner.engine.started(0);
    expect(fake.spec).toMatchObject({
      preset: "quick",
      trials: 2,
      durationMs: 750,
      workloads: ["noop", "item.get", "meteorites.get", "stream"],
    });
    fake.finish();
    expect(await waitForStatus(runner, submitted.id, "done")).toMatchObject({ preset: "quick", spec: { trials: 2 } });
  });

  it("takes a pair over a preset, measuring its two stacks, and refuses a pair of two REST stacks by field", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    await submit({ preset: "study-000", spec: { pair: { rest: "express", grpc: "grpc-java" } } });
    const fake = await runner.engine.started(0);
    expect(fake.spec).toMatchObject({
      preset: "study-000",
      pair: { rest: "express", grpc: "grpc-java" },
      stacks: ["express", "spring", "grpc-js", "grpc-java"],
    });
    fake.finish();

    const bad = await runner.request("/api/runs", {
      json: { spec: { workloads: ["noop"], pair: { rest: "spring", grpc: "flask" } } },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual([
      { path: "spec.pair.grpc", message: expect.stringMatching(/^the pair's gRPC side must be a gRPC stack/) },
    ]);
  });

  it("drops a preset's sweep on `sweep: null`, and narrows its network axis to the placements given", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    await submit({ preset: "crossover", spec: { sweep: null } });
    const unswept = await runner.engine.started(0);
    expect(unswept.spec.sweep).toBeUndefined();
    expect(unswept.spec).toMatchObject({ preset: "crossover", workloads: ["item.list"] });
    unswept.finish();

    await submit({ preset: "crossover", spec: { network: ["loopback", "cross-region"] } });
    const narrowed = await runner.engine.started(1);
    expect(narrowed.spec.network).toEqual(["loopback", "cross-region"]);
    expect(narrowed.spec.sweep?.axes[1]).toEqual({ dimension: "network", values: ["loopback", "cross-region"] });
    narrowed.finish();

    const bad = await runner.request("/api/runs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ preset: "crossover", spec: { sweep: "none" } }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/spec\.sweep/);

    // A field beside an axis of its own dimension would be ignored at every point: refused.
    const both = await runner.request("/api/runs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        spec: { workloads: ["item.list"], records: 10, sweep: { axes: [{ dimension: "records", values: [1, 100] }] } },
      }),
    });
    expect(both.status).toBe(400);
    expect((await both.json()).error.fields).toEqual([
      {
        path: "spec.records",
        message: "the sweep's records axis sets records at every point: give the axis or the field, not both",
      },
    ]);
  });
});
