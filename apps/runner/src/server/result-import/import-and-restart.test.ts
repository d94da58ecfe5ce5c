import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunSpecInput } from "@relix/core";
import {
  ABANDONED_QUEUED_REASON,
  ABANDONED_RUNNING_REASON,
  INTERRUPTED_QUEUED_REASON,
  INTERRUPTED_RUNNING_REASON,
  type ResultsStore,
} from "../../store/results-store";
import { openResultsStore } from "../../store/open-results-store";
import { createTestDatabase, type TestDatabase } from "../../store/testing/test-database";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { SseConnection } from "../testing/sse-client";
import { startTestRunner, waitForStatus, type TestRunner } from "../testing/test-runner";

const spec: RunSpecInput = {
  workloads: ["noop", "item.get"],
  cacheModes: ["warm", "cold"],
  durationMs: 1000,
  warmupMs: 0,
};

let db: TestDatabase;
let dir: string;
const stores: ResultsStore[] = [];
const runners: TestRunner[] = [];

/** What main.ts opens: MySQL (this test's database) plus a JSON copy of each result in `dir`. */
async function openStore(): Promise<ResultsStore> {
  const store = await openResultsStore({ mysqlUrl: db.url, resultsDir: dir });
  stores.push(store);
  return store;
}

async function start(store: ResultsStore): Promise<TestRunner> {
  const runner = await startTestRunner({ store });
  runners.push(runner);
  return runner;
}

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), "relix-runner-results-"));
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.close();
  for (const store of stores.splice(0)) await store.close();
});
afterAll(async () => {
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

describe("importing a result", () => {
  it("validates it, stores it under a new random id, and serves it back at that permalink", async () => {
    const runner = await start(await openStore());
    const original = makeRunResult({ spec });
    const response = await runner.request("/api/results", { json: original });
    expect(response.status).toBe(201);
    const { id, status } = await response.json();
    expect(status).toBe("done");
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(id).not.toBe(original.id);
    expect(response.headers.get("location")).toBe(`/api/runs/${id}`);

    const run = await (await runner.request(`/api/runs/${id}`)).json();
    expect(run).toMatchObject({
      id,
      status: "done",
      imported: true,
      importedFrom: original.id,
      importedAt: expect.any(String),
      createdAt: original.createdAt,
      finishedAt: original.finishedAt,
      headline: { workload: "noop", cells: 3 },
    });
    expect(run.result).toEqual({ ...original, id, importedAt: run.importedAt });
    const download = await (await runner.request(`/api/runs/${id}/result`)).json();
    expect(download).toEqual(run.result);
    // The portable copy is the same document.
    expect(JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8"))).toEqual(run.result);

    // Importing the same file again is another permalink, not an overwrite.
    const again = await (await runner.request("/api/results", { json: original })).json();
    expect(again.id).not.toBe(id);
  });

  it("refuses a document that is not relix.result/v1, listing where it is wrong", async () => {
    const runner = await start(await openStore());
    const broken = { ...makeRunResult({ spec }), schema: "relix.result/v0", cells: [{ workload: "noop" }] };
    const response = await runner.request("/api/results", { json: broken });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("invalid_result");
    expect(error.message).toMatch(/not a valid relix\.result\/v1 document/);
    const paths = error.fields.map((f: { path: string }) => f.path);
    expect(paths).toContain("schema");
    expect(paths).toContain("cells.0.label");

    const withTarget = await runner.request("/api/results", {
      json: { ...makeRunResult({ spec }), spec: { ...makeRunResult({ spec }).spec, host: "1.2.3.4" } },
    });
    expect(withTarget.status).toBe(400);
    expect((await withTarget.json()).error.fields).toContainEqual({
      path: "spec.host",
      message: expect.stringContaining("never takes a URL"),
    });
  });
});

describe("restarts", () => {
  it("a finished result survives a restart: read back from MySQL by the next runner", async () => {
    const first = await start(await openStore());
    const { id } = await (await first.request("/api/runs", { json: { spec } })).json();
    (await first.engine.started(0)).finish();
    const before = await waitForStatus(first, id, "done");
    await first.close();

    const second = await start(await openStore());
    const after = await (await second.request(`/api/runs/${id}`)).json();
    expect(after).toEqual({ ...before, lastEventId: null });
    expect(await (await second.request(`/api/runs/${id}/result`)).json()).toEqual(before.result);
    const list = await (await second.request("/api/runs")).json();
    expect(list.runs.map((r: { id: string }) => r.id)).toContain(id);
    expect(JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8"))).toEqual(before.result);
  });

  it("a run left running (and one left queued) by a runner that died is failed with a reason at the next start", async () => {
    const crashedStore = await openStore();
    const crashed = await start(crashedStore);
    const { id: running } = await (await crashed.request("/api/runs", { json: { spec } })).json();
    const { id: queued } = await (await crashed.request("/api/runs", { json: { spec } })).json();
    await crashed.engine.started(0);
    await waitForStatus(crashed, running, "running");
    // The process dies: no shutdown, nothing recorded. Its server and pool simply go away (and
    // with them its heartbeat; a real SIGKILL is runs/crash-recovery.test.ts).
    runners.splice(runners.indexOf(crashed), 1);
    await crashed.app.close();
    stores.splice(stores.indexOf(crashedStore), 1);
    await crashedStore.close();

    // What main.ts does at start-up, before it serves anything:
    const store = await openStore();
    expect(await store.markInterruptedRuns(Date.now())).toEqual({ running: [running], queued: [queued] });
    const next = await start(store);
    expect(await (await next.request(`/api/runs/${running}`)).json()).toMatchObject({
      status: "failed",
      reason: ABANDONED_RUNNING_REASON,
      finishedAt: expect.any(String),
      live: null,
      result: null,
    });
    expect(await (await next.request(`/api/runs/${queued}`)).json()).toMatchObject({
      status: "failed",
      reason: ABANDONED_QUEUED_REASON,
      position: null,
    });
    // A page still following the dead run's events learns how it ended, and the stream ends.
    const stream = await SseConnection.open(`${next.url}/api/runs/${running}/events`, { lastEventId: 12 });
    expect((await stream.rest()).map((m) => m.data)).toEqual([
      expect.objectContaining({ type: "status", status: "failed", reason: ABANDONED_RUNNING_REASON }),
    ]);
    // The new runner's queue is not blocked by the old runs.
    const { id: fresh } = await (await next.request("/api/runs", { json: { spec } })).json();
    (await next.engine.started(0)).finish();
    await waitForStatus(next, fresh, "done");
  });

  it("a graceful shutdown aborts the running run and records it failed with the reason, and fails the queued ones", async () => {
    const runner = await start(await openStore());
    const { id: running } = await (await runner.request("/api/runs", { json: { spec } })).json();
    const { id: queued } = await (await runner.request("/api/runs", { json: { spec } })).json();
    const fake = await runner.engine.started(0);
    await waitForStatus(runner, running, "running");
    const stream = await SseConnection.open(`${runner.url}/api/runs/${running}/events`);
    await stream.until((m) => m.data.status === "running");

    await runner.service.shutdown(1000);
    expect(fake.signal?.aborted).toBe(true);
    expect((await stream.rest()).map((m) => m.data)).toEqual([
      expect.objectContaining({ status: "failed", reason: INTERRUPTED_RUNNING_REASON }),
    ]);
    const refused = await runner.request("/api/runs", { json: { spec } });
    expect(refused.status).toBe(503);

    const store = await openStore();
    expect(await store.getRun(running)).toMatchObject({ status: "failed", reason: INTERRUPTED_RUNNING_REASON });
    expect(await store.getRun(queued)).toMatchObject({ status: "failed", reason: INTERRUPTED_QUEUED_REASON });
    expect(await store.markInterruptedRuns(Date.now())).toEqual({ running: [], queued: [] });
  });

  it("a shutdown does not wait forever for an engine that ignores its signal", async () => {
    const { FakeEngine } = await import("../testing/fake-engine");
    const store = await openStore();
    const runner = await startTestRunner({ store, engine: new FakeEngine({ ignoreAbort: true }) });
    runners.push(runner);
    const { id } = await (await runner.request("/api/runs", { json: { spec } })).json();
    await runner.engine.started(0);
    await waitForStatus(runner, id, "running");
    const began = Date.now();
    await runner.service.shutdown(200);
    expect(Date.now() - began).toBeLessThan(2000);
    expect(await store.getRun(id)).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("did not stop within 200 ms"),
    });
  });
});

describe("without MySQL (the file-only fallback)", () => {
  it("runs, imports, restarts and recovers on the results directory alone", async () => {
    const filesDir = await mkdtemp(path.join(os.tmpdir(), "relix-file-only-"));
    try {
      const openFiles = async () => {
        const store = await openResultsStore({ resultsDir: filesDir });
        stores.push(store);
        return store;
      };
      const firstStore = await openFiles();
      expect(firstStore.description).toBe(`files only, in ${filesDir} (no MySQL)`);
      const first = await start(firstStore);
      const { id: done } = await (await first.request("/api/runs", { json: { spec } })).json();
      (await first.engine.started(0)).finish();
      const finished = await waitForStatus(first, done, "done");
      const { id: imported } = await (await first.request("/api/results", { json: makeRunResult({ spec }) })).json();
      const { id: interrupted } = await (await first.request("/api/runs", { json: { spec } })).json();
      await first.engine.started(1);
      await waitForStatus(first, interrupted, "running");
      // Dies without a shutdown: its server goes away, and so does its process (its presence).
      runners.splice(runners.indexOf(first), 1);
      await first.app.close();
      stores.splice(stores.indexOf(firstStore), 1);
      await firstStore.close();

      const store = await openFiles();
      expect(await store.markInterruptedRuns(Date.now())).toEqual({ running: [interrupted], queued: [] });
      const next = await start(store);
      expect(await (await next.request(`/api/runs/${done}`)).json()).toEqual({ ...finished, lastEventId: null });
      expect((await (await next.request(`/api/runs/${imported}`)).json()).status).toBe("done");
      expect(await (await next.request(`/api/runs/${interrupted}`)).json()).toMatchObject({
        status: "failed",
        reason: ABANDONED_RUNNING_REASON,
      });
      const list = await (await next.request("/api/runs")).json();
      expect(list.runs.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([done, imported, interrupted]));
    } finally {
      await rm(filesDir, { recursive: true, force: true });
    }
  });
});
