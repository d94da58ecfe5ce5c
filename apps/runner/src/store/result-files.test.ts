import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { ResultFiles } from "./result-files";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "relix-result-files-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("result files", () => {
  it("are written compactly: a result with long numeric arrays takes its JSON's size on disk, not several times it", async () => {
    const files = new ResultFiles(dir);
    const result = makeRunResult({ spec: { workloads: ["noop"] } });
    const measure = result.cells[0]!.trials[0]!.rest;
    result.cells[0]!.trials[0]!.rest = {
      ...measure,
      batches: { p50Ms: new Array(20_000).fill(0.5), p99Ms: new Array(20_000).fill(1.5), rps: [1000] },
    };
    const file = await files.write(result);

    const text = await readFile(file, "utf8");
    expect(text).toBe(`${JSON.stringify(result)}\n`);
    expect(Buffer.byteLength(text)).toBeLessThan(1.1 * Buffer.byteLength(JSON.stringify(result)));
    expect(await files.sizeOf(result.id)).toBe(Buffer.byteLength(text));
    expect(await files.read(result.id)).toEqual(result);
  });

  it("are removed by retention, and a missing one is neither an error nor a size", async () => {
    const files = new ResultFiles(dir);
    const result = makeRunResult({ spec: { workloads: ["noop"] } });
    await files.write(result);
    await files.remove(result.id);
    await files.remove(result.id);
    expect(await files.read(result.id)).toBeNull();
    expect(await files.sizeOf(result.id)).toBeNull();
  });
});
