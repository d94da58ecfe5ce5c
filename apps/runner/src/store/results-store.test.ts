import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runSpecSchema } from "@relix/core";
import { FileResultsStore } from "./file-results-store";
import { MysqlResultsStore } from "./mysql-results-store";
import { ABANDONED_QUEUED_REASON, ABANDONED_RUNNING_REASON, RunStateError, type ResultsStore } from "./results-store";
import { newRunId } from "@relix/core/ids/run-id";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";
import { makeRunResult } from "@relix/core/testing/result-fixture";

const spec = runSpecSchema.parse({ workloads: ["noop", "item.get"], cacheModes: ["warm", "cold"], durationMs: 1000 });

interface Backend {
  name: string;
  /** A new store over the same data: what the next process of the runner would open. */
  open(): Promise<ResultsStore>;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
}

let database: TestDatabase;
let dir: string;

const backends: Backend[] = [
  {
    name: "MySQL",
    async setUp() {
      database = await createTestDatabase();
    },
    async tearDown() {
      await database.drop();
    },
    async open() {
      const store = new MysqlResultsStore(database.url);
      await store.init();
      return store;
    },
  },
  {
    name: "files",
    async setUp() {
      dir = await mkdtemp(path.join(os.tmpdir(), "relix-store-"));
    },
    async tearDown() {
      await rm(dir, { recursive: true, force: true });
    },
    async open() {
      const store = new FileResultsStore(dir);
      await store.init();
      return store;
    },
  },
];

describe.each(backends)("results store on $name", (backend) => {
  let store: ResultsStore;
  const opened: ResultsStore[] = [];
  const reopen = async () => {
    const next = await backend.open();
    opened.push(next);
    return next;
  };

  beforeAll(async () => {
    await backend.setUp();
    store = await reopen();
  });
  afterAll(async () => {
    for (const s of opened) await s.close();
    await backend.tearDown();
  });

  async function newRun(createdAt = Date.now()) {
    const id = newRunId();
    await store.createRun({ id, preset: "quick", spec, createdAt });
    return id;
  }

  it("keeps a run from queued to done, with its result and a headline, across a restart", async () => {
    const id = await newRun();
    expect((await store.getRun(id))?.status).toBe("queued");
    expect(await store.markRunning(id, 1_000)).toBe(true);
    // Three trials: an interval, so the headline names a winner.
    const result = makeRunResult({ spec: { ...spec, trials: 3 }, id });
    await store.finishRun(id, result, 2_000);

    const after = await reopen();
    const record = await after.getRun(id);
    expect(record).toMatchObject({
      id,
      status: "done",
      preset: "quick",
      startedAt: 1_000,
      finishedAt: 2_000,
      reason: null,
    });
    expect(record?.spec).toEqual(spec);
    expect(record?.headline).toMatchObject({
      workload: "noop",
      cacheMode: "none",
      metric: "p50",
      speedup: 1.6,
      winner: "grpc",
      cells: 3,
    });
    expect(await after.getResult(id)).toEqual(result);
  });

  it("never changes a finished run again", async () => {
    const id = await newRun();
    await store.markRunning(id, 1);
    await store.finishRun(id, makeRunResult({ spec, id }), 2);
    await expect(store.finishRun(id, makeRunResult({ spec, id }), 3)).rejects.toBeInstanceOf(RunStateError);
    expect(await store.endRun(id, "failed", "late", 4)).toBe(false);
    expect(await store.markRunning(id, 5)).toBe(false);
    expect((await store.getRun(id))?.status).toBe("done");
  });

  it("does not store the result of a run that is not running, and has no result for it", async () => {
    const id = await newRun();
    await expect(store.finishRun(id, makeRunResult({ spec, id }), 2)).rejects.toBeInstanceOf(RunStateError);
    expect((await store.getRun(id))?.status).toBe("queued");
    expect(await store.getResult(id)).toBeNull();
  });

  it("records why a run failed or was cancelled", async () => {
    const cancelled = await newRun();
    expect(await store.endRun(cancelled, "cancelled", "cancelled by request", 7)).toBe(true);
    expect(await store.markRunning(cancelled, 8)).toBe(false);
    const failed = await newRun();
    await store.markRunning(failed, 1);
    expect(await store.endRun(failed, "failed", "ghz exited with code 1", 9)).toBe(true);
    expect(await store.getRun(cancelled)).toMatchObject({
      status: "cancelled",
      reason: "cancelled by request",
      finishedAt: 7,
    });
    expect(await store.getRun(failed)).toMatchObject({
      status: "failed",
      reason: "ghz exited with code 1",
      finishedAt: 9,
    });
  });

  it("at start-up turns runs left running or queued by a dead runner into failed runs, with a reason", async () => {
    const dying = await backend.open();
    const running = newRunId();
    await dying.createRun({ id: running, preset: null, spec, createdAt: 1 });
    await dying.markRunning(running, 1);
    const queued = newRunId();
    await dying.createRun({ id: queued, preset: null, spec, createdAt: 1 });
    const done = newRunId();
    await dying.createRun({ id: done, preset: null, spec, createdAt: 1 });
    await dying.markRunning(done, 1);
    await dying.finishRun(done, makeRunResult({ spec, id: done }), 2);
    // Its process ends (the store closes with it): nothing says it is alive any more.
    await dying.close();

    const next = await reopen();
    const ended = await next.markInterruptedRuns(99);
    expect(ended.running).toContain(running);
    expect(ended.queued).toContain(queued);
    expect(await next.getRun(running)).toMatchObject({
      status: "failed",
      reason: ABANDONED_RUNNING_REASON,
      finishedAt: 99,
    });
    expect(await next.getRun(queued)).toMatchObject({ status: "failed", reason: ABANDONED_QUEUED_REASON });
    expect((await next.getRun(done))?.status).toBe("done");
    expect(await next.markInterruptedRuns(100)).toEqual({ running: [], queued: [] });
  });

  it("lists runs newest first, up to the limit", async () => {
    const base = Date.now() + 1_000_000;
    const ids = [await newRun(base + 1), await newRun(base + 3), await newRun(base + 2)];
    const listed = await store.listRuns(3);
    expect(listed.map((r) => r.id)).toEqual([ids[1], ids[2], ids[0]]);
  });

  it("reads ids case-sensitively: a run id differing only in case is another (unknown) run", async () => {
    const id = `${newRunId().slice(0, 15)}a`;
    await store.createRun({ id, preset: null, spec, createdAt: 1 });
    expect(await store.getRun(id.toUpperCase())).toBeNull();
    expect((await store.getRun(id))?.id).toBe(id);
  });

  it("stores an imported run as done, with its result", async () => {
    const id = newRunId();
    const result = { ...makeRunResult({ spec, id }), importedAt: "2025-02-01T00:00:00.000Z" };
    await store.importRun(
      {
        id,
        status: "done",
        preset: null,
        spec,
        createdAt: 5,
        startedAt: 5,
        finishedAt: 6,
        reason: null,
        headline: null,
        importedAt: 7,
        importedFrom: "original-id-123",
      },
      result,
    );
    const after = await reopen();
    expect(await after.getRun(id)).toMatchObject({ status: "done", importedAt: 7, importedFrom: "original-id-123" });
    expect(await after.getResult(id)).toEqual(result);
  });
});

describe("MySQL results store specifics", () => {
  let db: TestDatabase;
  let store: MysqlResultsStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new MysqlResultsStore(db.url);
    await store.init();
    await store.init(); // idempotent: every start calls it
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it("writes the result and the done status in one transaction: if the result cannot be written, the run stays running", async () => {
    const id = newRunId();
    await store.createRun({ id, preset: null, spec, createdAt: 1 });
    await store.markRunning(id, 2);
    // A row already there makes the INSERT of the result fail after the UPDATE of the status.
    const connection = await mysql.createConnection({ uri: db.url });
    try {
      await connection.query("SET FOREIGN_KEY_CHECKS = 0");
      await connection.execute("INSERT INTO relix_results (run_id, result) VALUES (?, ?)", [id, "{}"]);
    } finally {
      await connection.end();
    }
    await expect(store.finishRun(id, makeRunResult({ spec, id }), 3)).rejects.toThrow(/Duplicate/);
    expect(await store.getRun(id)).toMatchObject({ status: "running", finishedAt: null, headline: null });
    expect(await store.getResult(id)).toBeNull();
  });

  it("keeps documents as JSON text (LONGTEXT on MariaDB and MySQL alike)", async () => {
    const id = newRunId();
    await store.createRun({ id, preset: null, spec, createdAt: 1 });
    await store.markRunning(id, 2);
    const result = makeRunResult({ spec, id });
    await store.finishRun(id, result, 3);
    const connection = await mysql.createConnection({ uri: db.url });
    try {
      const [rows] = await connection.query<mysql.RowDataPacket[]>(
        "SELECT result FROM relix_results WHERE run_id = ?",
        [id],
      );
      expect(typeof rows[0]?.result).toBe("string");
      expect(JSON.parse(rows[0]?.result as string)).toEqual(result);
    } finally {
      await connection.end();
    }
  });
});

describe("file results store specifics", () => {
  let resultsDir: string;
  beforeEach(async () => {
    resultsDir = await mkdtemp(path.join(os.tmpdir(), "relix-files-"));
    return () => rm(resultsDir, { recursive: true, force: true });
  });

  it("writes each finished result as <dir>/<id>.json, the plain relix.result/v1 document", async () => {
    const store = new FileResultsStore(resultsDir);
    await store.init();
    const id = newRunId();
    await store.createRun({ id, preset: null, spec, createdAt: 1 });
    await store.markRunning(id, 2);
    const result = makeRunResult({ spec, id });
    await store.finishRun(id, result, 3);
    expect(JSON.parse(await readFile(path.join(resultsDir, `${id}.json`), "utf8"))).toEqual(result);
  });
});
