import { describe, expect, it } from "vitest";
import type { CellResult, RunResult } from "../../result/result-schema";
import { makeRunResult } from "../../testing/result-fixture";
import { findingsOf } from "./findings-of";
import { cellNoise } from "../../findings/noise-rules";

const slices = (p50Ms: number[]) => ({
  calls: p50Ms.map(() => 500),
  p50Ms,
  p99Ms: p50Ms.map((v) => v * 3),
  rps: p50Ms.map((v) => 8 / v),
});

/** A one-trial result whose sides took turns in slices, with the given slice p50s and p50 verdict. */
function slicedResult(rest: number[], grpc: number[], p50: Partial<CellResult["comparisons"][number]>): RunResult {
  const result = makeRunResult({ spec: { workloads: ["item.get"], trials: 1 } });
  const cell = result.cells[0]!;
  cell.trials = cell.trials.map((t) => ({
    ...t,
    rest: { ...t.rest, slices: slices(rest) },
    grpc: { ...t.grpc, slices: slices(grpc) },
  }));
  cell.comparisons = cell.comparisons.map((c) =>
    c.metric === "p50" ? { ...c, ...p50, ci: { ...c.ci, ...p50.ci } } : c,
  );
  return result;
}

describe("noise findings", () => {
  it("says how far each side moved from slice to slice during the run", () => {
    const result = slicedResult([1, 1.1, 0.9, 1, 1.05, 0.95], [0.8, 0.82, 0.78, 0.8, 0.81, 0.79], {
      winner: "grpc",
      ci: {
        ratio: "rest/grpc",
        estimate: 1.25,
        low: 1.18,
        high: 1.32,
        confidence: 0.95,
        degenerate: false,
        method: "paired-slices",
        pairs: 6,
      },
    });
    const noise = cellNoise(result.cells[0]!);
    expect(noise.rest).toBeGreaterThan(noise.grpc!);
    const texts = findingsOf(result).map((f) => f.text);
    expect(texts.some((t) => t.startsWith("NOISE: REST and gRPC took turns in short slices"))).toBe(true);
    // 25% is larger than either side's spread: no "small against noise".
    expect(texts.some((t) => t.startsWith("SMALL AGAINST NOISE"))).toBe(false);
  });

  it("flags a named winner whose difference is smaller than the slice-to-slice spread", () => {
    const result = slicedResult([1, 1.2, 0.8, 1.1, 0.9, 1], [0.97, 1.17, 0.77, 1.07, 0.87, 0.97], {
      winner: "grpc",
      ci: {
        ratio: "rest/grpc",
        estimate: 1.03,
        low: 1.01,
        high: 1.05,
        confidence: 0.95,
        degenerate: false,
        method: "paired-slices",
        pairs: 6,
      },
    });
    const small = findingsOf(result).find((f) => f.kind === "difference-within-noise");
    expect(small?.text).toMatch(/^SMALL AGAINST NOISE for item\.get \(warm\): the p50 difference \(3%\)/);
  });

  it("warns that a one-trial winner measured one block per side may not survive a rerun", () => {
    const result = makeRunResult({ spec: { workloads: ["item.get"], trials: 1 } });
    const cell = result.cells[0]!;
    cell.comparisons = cell.comparisons.map((c) =>
      c.metric === "p50"
        ? {
            ...c,
            winner: "grpc",
            ci: { ...c.ci, estimate: 1.4, low: 1.2, high: 1.6, degenerate: false, method: "batch-means", batches: 10 },
          }
        : c,
    );
    const block = findingsOf(result).find((f) => f.kind === "one-block-per-side");
    expect(block?.severity).toBe("warning");
    expect(block?.text).toContain("ONE BLOCK PER SIDE for item.get (warm)");
    expect(block?.text).toContain("a rerun may name another winner");
  });

  it("says why a one-block cell names no winner, and says nothing of a cell whose slices took turns", () => {
    const result = makeRunResult({ spec: { workloads: ["item.get"], trials: 1 } });
    const cell = result.cells[0]!;
    const oneBlock = {
      estimate: 1.4,
      low: 1.2,
      high: 1.6,
      degenerate: false,
      method: "batch-means" as const,
      batches: 10,
    };
    cell.comparisons = cell.comparisons.map((c) =>
      c.metric === "p50" ? { ...c, winner: "none", ci: { ...c.ci, ...oneBlock } } : c,
    );
    const block = findingsOf(result).find((f) => f.kind === "one-block-per-side");
    expect(block?.text).toMatch(/not a drift between them: no winner is named on it\. Lengthen the window/);
    cell.comparisons = cell.comparisons.map((c) =>
      c.metric === "p50" ? { ...c, ci: { ...c.ci, method: "paired-slices" as const, pairs: 8 } } : c,
    );
    expect(findingsOf(result).some((f) => f.kind === "one-block-per-side")).toBe(false);
  });
});
