import { describe, expect, it } from "vitest";
import { makeRunResult } from "../../testing/result-fixture";
import { makeSweepResult } from "../../testing/sweep-fixture";
import { groupFindings, verdictCaveats } from "./finding-groups";
import { findingsOf } from "./findings-of";
import { withFacts } from "../../findings/testing/with-facts";
import type { RunResult } from "../../result/result-schema";

const groupsOf = (result: RunResult) => groupFindings(findingsOf(result), result.cells.length);

/** Twelve sweep points whose load generators differ 10x in CPU per request, as ghz and autocannon do. */
const unequalSweep = () =>
  makeSweepResult({
    axes: [
      { dimension: "records", values: [1, 10, 100, 1000, 3000, 10000] },
      { dimension: "network", values: ["loopback", "cross-region"] },
    ],
    speedupAt: (c) => ((c.records as number) >= 1000 ? 1.4 : 0.7),
    rest: { generatorCpuMsPerRequest: 0.02 },
    grpc: { generatorCpuMsPerRequest: 0.2 },
  });

describe("groupFindings", () => {
  it("says a caveat repeated in every sweep point once, counting and naming the cells it touches", () => {
    const result = unequalSweep();
    const groups = groupsOf(result);
    const unequal = groups.filter((g) => g.kind === "client-cpu-per-request");
    expect(unequal).toHaveLength(1);
    expect(unequal[0]!.findings).toHaveLength(12);
    expect(unequal[0]!.summary).toBe(
      "CLIENTS UNEQUAL in 12 of 12 cells: item.list (warm) at 1 record on loopback, item.list (warm) at 1 record on cross-region, item.list (warm) at 10 records on loopback and 9 more",
    );
    // The paragraph keeps one sentence's figures, so the reader sees what "unequal" means here.
    expect(unequal[0]!.paragraph).toContain("differs 10.0x (ghz 0.200 ms for gRPC, autocannon 0.020 ms for REST");
  });

  it("puts what can change a verdict before what only says how to read the figures", () => {
    const result = withFacts(makeRunResult({ cells: [{ workload: "noop", trials: 3 }] }), {
      run: [
        { kind: "load-loop", loop: "closed", inFlight: 8 },
        { kind: "placement-refused", placement: "mobile", targetRttMs: 60, measuredRttMs: 75, reason: "75 ms for 60" },
      ],
      measure: ({ protocol }) => (protocol === "grpc" ? [{ kind: "dropped-in-flight", tool: "ghz", requests: 3 }] : []),
    });
    result.cells[0]!.rest.errors = { total: 2, byCode: { "503": 2 } };
    const weights = groupsOf(result).map((g) => [g.kind, g.weight]);
    expect(weights).toEqual([
      ["placement-refused", "refusal"],
      ["errors", "verdict"],
      ["dropped-in-flight", "figures"],
      ["load-loop", "reading"],
    ]);
    expect(verdictCaveats(groupsOf(result)).map((g) => g.kind)).toEqual(["placement-refused", "errors"]);
  });

  it("weighs too few samples for p99 as a verdict's caveat and for p99.9 (no verdict compares it) as the figures'", () => {
    // rps x the 1 s window = requests per window: 5,000 are enough for p99, not for p99.9.
    const withRequests = (requests: number) =>
      makeRunResult({
        spec: { durationMs: 1_000, trials: 1 },
        cells: [{ workload: "item.get", cacheMode: "warm", rest: { rps: requests }, grpc: { rps: requests } }],
      });
    const fewFor999 = groupsOf(withRequests(5_000)).filter((g) => g.kind === "few-samples-percentile");
    expect(fewFor999.map((g) => [g.severity, g.weight])).toEqual([["note", "figures"]]);
    expect(verdictCaveats(groupsOf(withRequests(5_000))).map((g) => g.kind)).not.toContain("few-samples-percentile");
    const fewFor99 = groupsOf(withRequests(800)).filter((g) => g.kind === "few-samples-percentile");
    expect(fewFor99.map((g) => [g.severity, g.weight])).toEqual([
      ["warning", "verdict"],
      ["note", "figures"],
    ]);
  });

  it("keeps a finding about one cell as its own sentence, word for word", () => {
    const result = withFacts(makeRunResult({ cells: [{ workload: "noop", trials: 3 }] }), {
      measure: ({ protocol }) =>
        protocol === "rest"
          ? [{ kind: "generator-saturated", tool: "autocannon", cpuFraction: 0.93, limit: "one-core" }]
          : [],
    });
    const [saturated] = groupsOf(result);
    expect(saturated!.kind).toBe("generator-saturated");
    expect(saturated!.paragraph).toBe(findingsOf(result)[0]!.text);
  });

  it("gives every group its own anchor", () => {
    const anchors = groupsOf(unequalSweep()).map((g) => g.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
  });
});
