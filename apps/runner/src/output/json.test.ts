import { mkdtemp, rm, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RESULT_SCHEMA_ID, type RunResult } from "@relix/core";
import { afterEach, describe, expect, it } from "vitest";
import { readResultFile, serializeResult, writeResultFile } from "./json";
import { makeRunResult } from "@relix/core/testing/result-fixture";

// Every temporary folder a test makes is removed after it.
const tempDirs: string[] = [];
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("result JSON", () => {
  it("writes a relix.result/v1 document that reads back identical", async () => {
    const dir = await tempDir("relix-json-");
    const file = join(dir, "result.json");
    const result = makeRunResult({ cells: [{ workload: "item.get" }, { workload: "noop" }] });
    await writeResultFile(file, result);
    const json = JSON.parse(await readFile(file, "utf8"));
    expect(json.schema).toBe(RESULT_SCHEMA_ID);
    expect(json.cells[0].grpc.latencyMs).toMatchObject({ p50: 0.5, p90: 0.75, p95: 1, p99: 1.6, p999: 2.4 });
    expect(await readResultFile(file)).toEqual(result);
    expect(await readdir(dir)).toEqual(["result.json"]);
  });

  it("refuses to write an invalid result, naming the field", () => {
    const broken = makeRunResult() as unknown as { cells: { rest: { rps: number } }[] };
    broken.cells[0]!.rest.rps = -1;
    expect(() => serializeResult(broken as unknown as RunResult)).toThrow(/refusing to write.*cells\.0\.rest\.rps/);
  });

  it("says clearly why a file cannot be read", async () => {
    const dir = await tempDir("relix-json-");
    await expect(readResultFile(join(dir, "missing.json"))).rejects.toThrow(
      /missing\.json: cannot read the result file \(no such file\)/,
    );
    await writeFile(join(dir, "bad.json"), "{ nope");
    await expect(readResultFile(join(dir, "bad.json"))).rejects.toThrow(/bad\.json: not JSON/);
    await writeFile(join(dir, "other.json"), JSON.stringify({ schema: "something/v9" }));
    await expect(readResultFile(join(dir, "other.json"))).rejects.toThrow(
      /other\.json: not a valid relix\.result\/v1 document:\n {2}schema:/,
    );
  });
});
