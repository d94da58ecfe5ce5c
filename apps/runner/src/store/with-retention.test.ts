import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runSpecSchema } from "@relix/core";
import { newRunId } from "@relix/core/ids/run-id";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { importResult } from "./import-result";
import { openResultsStore } from "./open-results-store";
import type { RetentionLimits } from "./result-retention";
import type { ResultsStore } from "./results-store";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";

// Retention on the stores as the runner opens them: MySQL with a JSON copy of each run and result,
// and the results directory alone. What was removed is gone from lists, from the directory and
// after a restart (the copies would otherwise bring it back).

const spec = runSpecSchema.parse({ workloads: ["noop"], durationMs: 1000 });

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const backends = [
  { name: "MySQL with JSON copies", mysql: true },
  { name: "files only", mysql: false },
];

describe.each(backends)("retention on $name", ({ mysql }) => {
  let dir: string;
  const opened: ResultsStore[] = [];
  const open = async (retention: RetentionLimits) => {
    const store = await openResultsStore({ mysqlUrl: mysql ? db.url : undefined, resultsDir: dir, retention });
    opened.push(store);
    return store;
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "relix-retention-"));
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    if (mysql) {
      // Each test starts from an empty database: the runs of the one before are not this one's.
      const store = await openResultsStore({ mysqlUrl: db.url, resultsDir: dir });
      await store.deleteRuns((await store.listRuns(10_000)).map((run) => run.id));
      await store.close();
    }
    await rm(dir, { recursive: true, force: true });
  });

  /** A result imported at `importedAt` (epoch ms); `padding` makes its document that much larger. */
  const imported = (store: ResultsStore, importedAt: number, padding = 0) =>
    importResult(store, { ...makeRunResult({ spec }), warnings: padding ? ["x".repeat(padding)] : [] }, importedAt);

  /** A run measured here that finished at `finishedAt`. */
  async function measured(store: ResultsStore, finishedAt: number, padding = 0): Promise<string> {
    const id = newRunId();
    await store.createRun({ id, preset: null, spec, createdAt: finishedAt - 1000 });
    await store.markRunning(id, finishedAt - 900);
    const result = { ...makeRunResult({ spec, id }), warnings: padding ? ["x".repeat(padding)] : [] };
    await store.finishRun(id, result, finishedAt);
    return id;
  }

  async function kept(store: ResultsStore): Promise<string[]> {
    return (await store.listRuns(100)).map((run) => run.id).sort();
  }

  it("keeps at most RUNNER_RESULTS_MAX_COUNT results: the oldest imports go first, then the oldest runs", async () => {
    const store = await open({ maxCount: 3, maxBytes: null });
    const failed = newRunId();
    await store.createRun({ id: failed, preset: null, spec, createdAt: 500 });
    await store.endRun(failed, "failed", "no result, never counted", 600);

    const i1 = await imported(store, 1000);
    const i2 = await imported(store, 2000);
    const m1 = await measured(store, 3000);
    const m2 = await measured(store, 4000);
    expect(await kept(store)).toEqual([failed, i2, m1, m2].sort());
    const i3 = await imported(store, 5000);
    expect(await kept(store)).toEqual([failed, i3, m1, m2].sort());
    // An import goes before a measured run, however recent it is.
    const m3 = await measured(store, 6000);
    expect(await kept(store)).toEqual([failed, m1, m2, m3].sort());
    const m4 = await measured(store, 7000);
    expect(await kept(store)).toEqual([failed, m2, m3, m4].sort());

    for (const gone of [i1, i2, i3, m1]) {
      expect(await store.getRun(gone)).toBeNull();
      expect(await store.getResult(gone)).toBeNull();
    }
    expect((await store.getResult(m4))?.id).toBe(m4);
    const files = await readdir(dir);
    for (const gone of [i1, i2, i3, m1]) expect(files.filter((name) => name.startsWith(gone))).toEqual([]);
    for (const id of [m2, m3, m4]) expect(files).toContain(`${id}.json`);

    // The next runner on the same store and directory finds what was kept, nothing it removed.
    await store.close();
    opened.splice(opened.indexOf(store), 1);
    expect(await kept(await open({ maxCount: 3, maxBytes: null }))).toEqual([failed, m2, m3, m4].sort());
  });

  it("keeps at most RUNNER_RESULTS_MAX_BYTES of results, never the one just stored", async () => {
    const store = await open({ maxCount: null, maxBytes: 1024 * 1024 });
    const a = await measured(store, 1000, 300_000);
    const b = await measured(store, 2000, 300_000);
    const c = await measured(store, 3000, 300_000);
    expect(await kept(store)).toEqual([a, b, c].sort());
    const d = await measured(store, 4000, 300_000);
    expect(await kept(store)).toEqual([b, c, d].sort());
    const sizes = await store.listStoredResults();
    expect(sizes.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThanOrEqual(1024 * 1024);
    expect(sizes.every((r) => r.bytes > 300_000 && r.bytes < 400_000)).toBe(true);

    // One import larger than the whole budget: everything else goes, it stays.
    const big = await imported(store, 5000, 2 * 1024 * 1024);
    expect(await kept(store)).toEqual([big]);
  });

  it("applies limits lowered since the last start when the store opens", async () => {
    const first = await open({ maxCount: null, maxBytes: null });
    const ids = [await imported(first, 1000), await measured(first, 2000), await measured(first, 3000)];
    await first.close();
    opened.splice(opened.indexOf(first), 1);

    const next = await open({ maxCount: 1, maxBytes: null });
    expect(await kept(next)).toEqual([ids[2]]);
  });
});
