import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSpecSchema } from "@relix/core";
import { importResult } from "./import-result";
import { MysqlResultsStore } from "./mysql-results-store";
import { ResultFiles } from "./result-files";
import type { ResultsStore } from "./results-store";
import { newRunId } from "@relix/core/ids/run-id";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { withResultFiles } from "./with-result-files";

const spec = runSpecSchema.parse({ workloads: ["noop"], durationMs: 1000 });

describe("MySQL with a JSON copy of each result", () => {
  let db: TestDatabase;
  let dir: string;
  let mysqlStore: MysqlResultsStore;
  let store: ResultsStore;
  const copyErrors: unknown[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), "relix-copies-"));
    mysqlStore = new MysqlResultsStore(db.url);
    store = withResultFiles(mysqlStore, new ResultFiles(dir), { onCopyError: (error) => copyErrors.push(error) });
    await store.init();
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it("writes the portable copy once MySQL has the result, atomically (no temp file left behind)", async () => {
    const id = newRunId();
    await store.createRun({ id, preset: null, spec, createdAt: 1 });
    await store.markRunning(id, 2);
    const result = makeRunResult({ spec, id });
    await store.finishRun(id, result, 3);
    expect(await store.getResult(id)).toEqual(result);
    expect(JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8"))).toEqual(result);
    expect((await readdir(dir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(copyErrors).toEqual([]);
  });

  it("still writes the copy when MySQL refuses the result, and says where it is", async () => {
    const id = newRunId();
    await store.createRun({ id, preset: null, spec, createdAt: 1 });
    // Never marked running: MySQL refuses to finish it.
    await expect(store.finishRun(id, makeRunResult({ spec, id }), 3)).rejects.toThrow(path.join(dir, `${id}.json`));
    expect((await store.getRun(id))?.status).toBe("queued");
  });

  it("imports a result under a new id, keeping the original id in the run record", async () => {
    const original = makeRunResult({ spec });
    const id = await importResult(store, JSON.parse(JSON.stringify(original)), Date.parse("2025-03-01T00:00:00Z"));
    expect(id).not.toBe(original.id);
    const record = await store.getRun(id);
    expect(record).toMatchObject({
      status: "done",
      importedFrom: original.id,
      importedAt: Date.parse("2025-03-01T00:00:00Z"),
    });
    const stored = await store.getResult(id);
    expect(stored).toEqual({ ...original, id, importedAt: "2025-03-01T00:00:00.000Z" });
    expect(JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8"))).toEqual(stored);
  });
});
