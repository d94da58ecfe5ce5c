import { describe, expect, it } from "vitest";
import { parseRunResult } from "../../result/result-schema";
import { makeRunResult } from "../../testing/result-fixture";
import { findingsOf } from "./findings-of";
import { withFacts } from "../../findings/testing/with-facts";

const base = makeRunResult({ cells: [{ workload: "item.get", cacheMode: "warm" }] });
const withLayout = (cpuLayout: { generator: number[]; services: number[] } | null) => {
  const result = withFacts(base);
  result.environment.cpuLayout = cpuLayout;
  return result;
};
const ofKind = (result: Parameters<typeof findingsOf>[0], kind: string) =>
  findingsOf(result).filter((f) => f.kind === kind);

describe("findings about where the generator and the services ran", () => {
  it("names the cores of each when they were pinned apart", () => {
    expect(ofKind(withLayout({ generator: [0], services: [1, 2, 3] }), "cpu-layout")).toEqual([
      {
        kind: "cpu-layout",
        severity: "note",
        text: "load generator pinned to core 0; the APIs, Redis and MariaDB to cores 1, 2, 3",
      },
    ]);
  });

  it("says nothing when they were not pinned, or the result predates pinning", () => {
    expect(ofKind(withLayout(null), "cpu-layout")).toEqual([]);
    expect(ofKind(withFacts(base), "cpu-layout")).toEqual([]);
  });

  it("warns when pinning was asked for but could not be done, and says why", () => {
    const result = withFacts(base, {
      run: [{ kind: "cpu-pinning-unavailable", reason: "taskset (util-linux) is not installed" }],
    });
    expect(ofKind(result, "cpu-pinning-unavailable")).toEqual([
      {
        kind: "cpu-pinning-unavailable",
        severity: "warning",
        text: expect.stringMatching(
          /^cores not pinned: taskset \(util-linux\) is not installed, so the load generator/,
        ),
      },
    ]);
  });

  it("a result written before pinning existed still parses", () => {
    const old = structuredClone(base) as { environment: Record<string, unknown> };
    delete old.environment.cpuLayout;
    expect(parseRunResult(old).environment.cpuLayout).toBeUndefined();
  });
});
