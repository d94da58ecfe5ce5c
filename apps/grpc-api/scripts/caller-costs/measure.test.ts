import { describe, expect, it } from "vitest";
import { measureInterleaved, timingKey, type Candidate } from "./measure";
import type { Hello, RoundTask, Worker } from "./worker-process";

/** A worker that records the order it was asked in and answers 1 µs of CPU per call, plus its pass. */
function fakeWorker(log: string[], name: string, encodes: boolean): Worker {
  let asked = 0;
  const hello: Hello = {
    runtime: "node",
    version: "test",
    codecs: [{ id: name, encoding: "json", library: name, primary: true }],
    workloads: { a: { [name]: { encodedRequestBytes: encodes ? 10 : null } } },
  };
  return {
    hello,
    round: async (task: RoundTask) => {
      log.push(`${name}:${task.op}`);
      asked++;
      return { calls: 1000, ns: 2e6, cpuNs: 1e6 * asked };
    },
    close: () => {},
  };
}

describe("measureInterleaved", () => {
  it("rotates the candidates' order each pass, and asks for an encode only where there is a request", async () => {
    const log: string[] = [];
    const candidates: Candidate[] = ["x", "y", "z"].map((codec) => ({
      runtime: "node",
      codec,
      worker: fakeWorker(log, codec, codec !== "z"),
    }));
    await measureInterleaved(candidates, ["a"], { rounds: 2, warmupRounds: 1, roundMs: 1 }, () => {});
    expect(log).toEqual([
      ...["x:encode", "y:encode", "x:decode", "y:decode", "z:decode"],
      ...["y:encode", "x:encode", "y:decode", "z:decode", "x:decode"],
      ...["x:encode", "y:encode", "z:decode", "x:decode", "y:decode"],
    ]);
  });

  it("keeps CPU time per call of the rounds after the warm-up, not wall time", async () => {
    const candidate: Candidate = { runtime: "go", codec: "x", worker: fakeWorker([], "x", true) };
    const timings = await measureInterleaved([candidate], ["a"], { rounds: 2, warmupRounds: 1, roundMs: 1 }, () => {});
    // Asked encode, decode per pass; the warm-up pass's answers (1 and 2 ms of CPU) are dropped.
    expect(timings.get(timingKey("a", candidate, "encode"))).toEqual([3, 5]);
    expect(timings.get(timingKey("a", candidate, "decode"))).toEqual([4, 6]);
  });
});
