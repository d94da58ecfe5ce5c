import { describe, expect, it } from "vitest";
import { makeRunResult } from "../../testing/result-fixture";
import type { RatioCI } from "../../stats/bootstrap";
import { comparisonRow } from "./comparison-row";

/** The fixture's first cell with its p50 comparison's interval and winner replaced. */
function cellWith(ci: Partial<RatioCI>, winner: "grpc" | "rest" | "none" = "none") {
  const cell = makeRunResult({ spec: { trials: 3 } }).cells[0]!;
  cell.comparisons = cell.comparisons.map((c) =>
    c.metric === "p50" ? { ...c, winner, ci: { ...c.ci, degenerate: false, ...ci } } : c,
  );
  return cell;
}

describe("a cell's p50 comparison in a few words", () => {
  it("says the same within the margin where the interval lies within it", () => {
    const row = comparisonRow(cellWith({ estimate: 1.01, low: 0.98, high: 1.03, margin: 0.05 }));
    expect(row.words).toBe("the same within 5% (gRPC 1.01x here)");
  });

  it("says not enough to tell where the interval crosses the margin, or rests on one block per side", () => {
    expect(comparisonRow(cellWith({ estimate: 1.1, low: 0.99, high: 1.2, margin: 0.05 })).words).toBe(
      "not enough to tell (gRPC 1.10x here)",
    );
    const oneBlock = cellWith({ estimate: 1.4, low: 1.2, high: 1.6, margin: 0.05, method: "batch-means" });
    expect(comparisonRow(oneBlock).words).toBe("not enough to tell (gRPC 1.40x here)");
  });

  it("keeps a result written before margins in its own words", () => {
    expect(comparisonRow(cellWith({ estimate: 1.1, low: 0.99, high: 1.2 })).words).toBe(
      "no clear winner (gRPC 1.10x here)",
    );
    expect(comparisonRow(cellWith({ estimate: 1.4, low: 1.2, high: 1.6 }, "grpc")).words).toBe("gRPC 1.40x faster");
  });
});
