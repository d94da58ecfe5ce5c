import { describe, expect, it } from "vitest";
import { runFactFinding } from "../render/findings/run-findings";
import { runSpecSchema } from "../spec/run-spec";
import {
  PRIME_MAX_ROUNDS,
  PRIME_MIN_IN_FLIGHT,
  PRIME_ROUND_MS,
  primingBoundMs,
  primingSettled,
  primingSpec,
  stacksToPrime,
} from "./jit-priming";

describe("which stacks are primed", () => {
  it("only the JVM's: spring and grpc-java, in the run's order", () => {
    expect(stacksToPrime(["express", "spring", "fastapi", "grpc-js", "grpc-java", "grpcio"])).toEqual([
      "spring",
      "grpc-java",
    ]);
    expect(stacksToPrime(["express", "grpc-js"])).toEqual([]);
  });

  it("bounds the priming a run can add: every primed stack, every cell, the most rounds", () => {
    expect(primingBoundMs(["spring", "grpc-java", "express"], 3)).toBe(2 * 3 * PRIME_MAX_ROUNDS * PRIME_ROUND_MS);
    expect(primingBoundMs(["express", "grpc-js"], 3)).toBe(0);
  });
});

describe("the load a stack is primed under", () => {
  const spec = runSpecSchema.parse({ workloads: ["item.get"], connections: 1 });

  it("the cell's, with at least 8 calls in flight, more when the cell has more", () => {
    expect(primingSpec(spec)).toMatchObject({ connections: PRIME_MIN_IN_FLIGHT, workloads: ["item.get"] });
    expect(primingSpec({ ...spec, connections: 32 }).connections).toBe(32);
  });

  it("closed loop and time-boxed: no rate to cap the throughput read, no count", () => {
    const primed = primingSpec({ ...spec, rate: 500, requests: 10_000 });
    expect(primed.rate).toBeUndefined();
    expect(primed.requests).toBeUndefined();
    expect("rate" in primed).toBe(false);
  });
});

describe("when priming has settled", () => {
  it("not before three rounds, even when flat", () => {
    expect(primingSettled([])).toBe(false);
    expect(primingSettled([1000, 1000])).toBe(false);
    expect(primingSettled([1000, 1000, 1000])).toBe(true);
  });

  it("not while throughput climbs, as spring's did for eleven rounds", () => {
    const spring = [1005, 1723, 2595, 2939, 2951, 3519, 3669, 4584, 5393, 6950, 9871, 12777];
    for (let n = 3; n <= spring.length; n++) expect(primingSettled(spring.slice(0, n)), `${n} rounds`).toBe(false);
    // It held from its 12th round: two rounds that do not beat it by more than 5% end the priming.
    expect(primingSettled([...spring, 12615, 12530])).toBe(true);
  });

  it("not on one slow round while the compiler is still busy: both last rounds must hold", () => {
    // 2951 after 2939 holds, but the round before it (2939 after 2595) gained 13%.
    expect(primingSettled([1005, 1723, 2595, 2939, 2951])).toBe(false);
    // One dip, then a rise past the best: still warming.
    expect(primingSettled([1000, 2000, 1500, 2500])).toBe(false);
  });

  it("a gain of up to 5% over the best before counts as held; more does not", () => {
    expect(primingSettled([1000, 1040, 1050])).toBe(true);
    expect(primingSettled([1000, 1040, 1100])).toBe(false);
  });
});

describe("what a report says about it", () => {
  const prime = {
    stack: "spring",
    workload: "item.get",
    cacheMode: "warm",
    rounds: 12,
    roundMs: 2_000,
    firstRps: 1005,
    lastRps: 12530,
    settled: true,
  };

  it("a note when every stack settled, with its largest gain", () => {
    const finding = runFactFinding({
      kind: "jit-primed",
      primes: [prime, { ...prime, stack: "grpc-java", rounds: 9, firstRps: 1764, lastRps: 8868 }],
    });
    expect(finding.kind).toBe("jit-primed");
    expect(finding.severity).toBe("note");
    expect(finding.text).toContain(
      "spring and grpc-java ran each cell until two rounds in a row no longer beat the best before them by more than 5%",
    );
    expect(finding.text).toContain("9 to 12 rounds of 2s");
    expect(finding.text).toContain("spring on item.get (warm), 1,005 to 12,530 calls/s");
  });

  it("a warning naming each stack and cell that was still rising when the rounds ran out", () => {
    const finding = runFactFinding({
      kind: "jit-primed",
      primes: [
        prime,
        { ...prime, stack: "grpc-java", workload: "noop", cacheMode: "none", rounds: 15, settled: false },
      ],
    });
    expect(finding.kind).toBe("jit-unsettled");
    expect(finding.severity).toBe("warning");
    expect(finding.text).toContain(
      "grpc-java on noop had not held for two rounds when its priming rounds ran out (15 rounds of 2s",
    );
    expect(finding.text).not.toContain("spring on item.get");
    expect(finding.text).toContain("may have measured code the JVM was still compiling");
  });
});
