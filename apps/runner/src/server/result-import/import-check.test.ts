import { afterEach, describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { ImportChecker, ImportTooCostlyError, InvalidResultError } from "./import-check";

// The worker's backstops, which no honest document reaches: a check that overruns its time or its
// heap is stopped, refused as too costly, and the next check gets a fresh worker.

const checkers: ImportChecker[] = [];
const checker = (options: ConstructorParameters<typeof ImportChecker>[0]) => {
  const made = new ImportChecker(options);
  checkers.push(made);
  return made;
};
afterEach(async () => {
  for (const made of checkers.splice(0)) await made.close();
});

const valid = Buffer.from(JSON.stringify(makeRunResult({ spec: { workloads: ["noop"] } })));
/** A valid result of about 20 MiB: parsing it takes far more than 32 MB of heap. */
function large(): Buffer {
  const result = makeRunResult({ spec: { workloads: ["noop"] } });
  return Buffer.from(JSON.stringify({ ...result, warnings: new Array<string>(200_000).fill("w".repeat(100)) }));
}

describe("the import checker's worker", () => {
  it("checks bodies one after another in one worker, each answered on its own", async () => {
    const imports = checker({});
    const answers = await Promise.allSettled([
      imports.check(valid),
      imports.check(Buffer.from("{}")),
      imports.check(valid),
    ]);
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((answers[1] as PromiseRejectedResult).reason).toBeInstanceOf(InvalidResultError);
  });

  it("stops a check that takes too long, and starts a new worker for the next", async () => {
    const slow = checker({ timeoutMs: 1 });
    await expect(slow.check(valid)).rejects.toThrow(ImportTooCostlyError);
    await expect(slow.check(valid)).rejects.toThrow(/took longer than 0.001 s/);
  });

  it("stops a check that needs more heap than it is given, without harm to the runner", async () => {
    const small = checker({ maxHeapMb: 32 });
    await expect(small.check(large())).rejects.toThrow(/needed more than 32 MB/);
    expect(await checker({}).check(valid)).toMatchObject({ schema: "relix.result/v1" });
  });
});
