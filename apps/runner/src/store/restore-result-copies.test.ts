import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileResultsStore } from "./file-results-store";
import { ResultFiles } from "./result-files";
import { restoreResultCopies } from "./restore-result-copies";
import { makeRunResult } from "@relix/core/testing/result-fixture";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("restoreResultCopies", () => {
  it("puts a finished run back under its own id when the store does not have it", async () => {
    const copies = await mkdtemp(path.join(os.tmpdir(), "relix-copies-"));
    const emptyStore = await mkdtemp(path.join(os.tmpdir(), "relix-store-"));
    dirs.push(copies, emptyStore);
    const files = new ResultFiles(copies);
    const result = makeRunResult({ spec: { workloads: ["item.get"] } });
    await files.write(result);

    const store = new FileResultsStore(emptyStore);
    await store.init();
    expect(await store.getRun(result.id)).toBeNull();
    expect(await restoreResultCopies(store, files)).toBe(1);
    expect((await store.getRun(result.id))?.status).toBe("done");
    expect((await store.getResult(result.id))?.cells.length).toBe(result.cells.length);
    // A second start finds it there and restores nothing twice.
    expect(await restoreResultCopies(store, files)).toBe(0);
  });
});
