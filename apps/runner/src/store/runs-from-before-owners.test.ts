import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { afterEach, describe, expect, it } from "vitest";
import { runSpecSchema } from "@relix/core";
import { newRunId } from "@relix/core/ids/run-id";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { startTestRunner, type TestRunner } from "../server/testing/test-runner";
import { openResultsStore } from "./open-results-store";
import { ABANDONED_RUNNING_REASON, type ResultsStore } from "./results-store";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";

// Runs stored by a runner from before runs had owners (no `owner` column, no relix_runners, record
// files without `owner`) still open, and one such run left "running" is failed like any other.

const spec = runSpecSchema.parse({ workloads: ["noop"], durationMs: 1000 });

// relix_runs and relix_results as the runner created them before this change.
const OLD_TABLES = [
  `CREATE TABLE relix_runs (
    id VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    status VARCHAR(16) NOT NULL, preset VARCHAR(64) NULL, spec LONGTEXT NOT NULL,
    created_at BIGINT NOT NULL, started_at BIGINT NULL, finished_at BIGINT NULL, reason TEXT NULL,
    headline TEXT NULL, imported_at BIGINT NULL, imported_from VARCHAR(64) NULL,
    PRIMARY KEY (id), KEY relix_runs_created_at (created_at), KEY relix_runs_status (status)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE relix_results (
    run_id VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, result LONGTEXT NOT NULL,
    PRIMARY KEY (run_id),
    CONSTRAINT relix_results_run FOREIGN KEY (run_id) REFERENCES relix_runs (id) ON DELETE CASCADE
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
];

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "relix-old-runs-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function open(options: { mysqlUrl?: string; resultsDir: string }): Promise<ResultsStore> {
  const store = await openResultsStore(options);
  cleanups.push(() => store.close());
  return store;
}

async function serve(store: ResultsStore): Promise<TestRunner> {
  const runner = await startTestRunner({ store });
  cleanups.push(() => runner.close());
  return runner;
}

describe("runs stored before runs had owners", () => {
  it("in MySQL: the table gains its owner column, a finished run opens with its result, a run left running is failed", async () => {
    const db: TestDatabase = await createTestDatabase();
    cleanups.push(() => db.drop());
    const done = newRunId();
    const running = newRunId();
    const result = makeRunResult({ spec, id: done });
    const connection = await mysql.createConnection({ uri: db.url });
    try {
      for (const statement of OLD_TABLES) await connection.query(statement);
      await connection.execute(
        `INSERT INTO relix_runs (id, status, preset, spec, created_at, started_at, finished_at)
         VALUES (?, 'done', 'quick', ?, 1000, 1000, 2000), (?, 'running', NULL, ?, 3000, 3000, NULL)`,
        [done, JSON.stringify(spec), running, JSON.stringify(spec)],
      );
      await connection.execute("INSERT INTO relix_results (run_id, result) VALUES (?, ?)", [
        done,
        JSON.stringify(result),
      ]);
    } finally {
      await connection.end();
    }

    const store = await open({ mysqlUrl: db.url, resultsDir: await tempDir() });
    expect(await store.markInterruptedRuns(4000)).toEqual({ running: [running], queued: [] });
    const runner = await serve(store);
    const opened = await (await runner.request(`/api/runs/${done}`)).json();
    expect(opened).toMatchObject({ id: done, status: "done", preset: "quick" });
    expect(opened.result).toEqual(result);
    expect(await (await runner.request(`/api/runs/${running}`)).json()).toMatchObject({
      status: "failed",
      reason: ABANDONED_RUNNING_REASON,
    });
  });

  it("without MySQL: record files without an owner load, and the finished run opens with its result", async () => {
    const dir = await tempDir();
    const done = newRunId();
    const result = makeRunResult({ spec, id: done });
    const oldRecord = {
      id: done,
      status: "done",
      preset: null,
      spec,
      createdAt: 1000,
      startedAt: 1000,
      finishedAt: 2000,
      reason: null,
      headline: null,
      importedAt: null,
      importedFrom: null,
    };
    await writeFile(path.join(dir, `${done}.run.json`), JSON.stringify(oldRecord));
    await writeFile(path.join(dir, `${done}.json`), JSON.stringify(result));

    const runner = await serve(await open({ resultsDir: dir }));
    const opened = await (await runner.request(`/api/runs/${done}`)).json();
    expect(opened).toMatchObject({ id: done, status: "done" });
    expect(opened.result).toEqual(result);
  });
});
