import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runSpecSchema } from "@relix/core";
import { newRunId } from "@relix/core/ids/run-id";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { openResultsStore } from "./open-results-store";
import { ABANDONED_QUEUED_REASON, ABANDONED_RUNNING_REASON, type ResultsStore } from "./results-store";
import { createTestDatabase } from "./testing/test-database";

// `pnpm start` without MYSQL_URL: a scratch MariaDB, new and empty on every start, beside the same
// results directory. Every run comes back from its record file, whatever its status.

const spec = runSpecSchema.parse({ workloads: ["noop"], durationMs: 1000 });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function scratchDatabase(): Promise<string> {
  const db = await createTestDatabase();
  cleanups.push(() => db.drop());
  return db.url;
}

describe("a results directory beside a database that was replaced", () => {
  it("puts back every run, whatever its status, as it was; the ones left queued or running are then failed", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "relix-records-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const first = await openResultsStore({ mysqlUrl: await scratchDatabase(), resultsDir: dir });

    const create = async (store: ResultsStore, preset: string) => {
      const id = newRunId();
      await store.createRun({ id, preset, spec, createdAt: 1000 });
      return id;
    };
    const done = await create(first, "done");
    await first.markRunning(done, 1100);
    const result = makeRunResult({ spec, id: done });
    await first.finishRun(done, result, 1200);
    const cancelled = await create(first, "cancelled");
    await first.endRun(cancelled, "cancelled", "cancelled by request", 1300);
    const failed = await create(first, "failed");
    await first.markRunning(failed, 1400);
    await first.endRun(failed, "failed", "ghz exited with code 1", 1500);
    const running = await create(first, "running");
    await first.markRunning(running, 1600);
    const queued = await create(first, "queued");
    const imported = newRunId();
    const importedResult = { ...makeRunResult({ spec, id: imported }), importedAt: "2025-01-01T00:00:00.000Z" };
    await first.importRun(
      {
        id: imported,
        status: "done",
        preset: null,
        spec,
        createdAt: 10,
        startedAt: 10,
        finishedAt: 20,
        reason: null,
        headline: null,
        importedAt: 30,
        importedFrom: "measured-elsewhere-1",
      },
      importedResult,
    );
    const before = new Map(
      await Promise.all(
        [done, cancelled, failed, running, queued, imported].map(async (id) => [id, await first.getRun(id)] as const),
      ),
    );
    // The process and its scratch database are gone.
    await first.close();

    const next = await openResultsStore({ mysqlUrl: await scratchDatabase(), resultsDir: dir });
    cleanups.push(() => next.close());
    for (const [id, record] of before) expect(await next.getRun(id), id).toEqual(record);
    expect(await next.getResult(done)).toEqual(result);
    expect(await next.getResult(imported)).toEqual(importedResult);
    expect((await next.listRuns(100)).map((run) => run.id).sort()).toEqual([...before.keys()].sort());

    expect(await next.markInterruptedRuns(2000)).toEqual({ running: [running], queued: [queued] });
    expect(await next.getRun(running)).toMatchObject({ status: "failed", reason: ABANDONED_RUNNING_REASON });
    expect(await next.getRun(queued)).toMatchObject({ status: "failed", reason: ABANDONED_QUEUED_REASON });
  });
});
