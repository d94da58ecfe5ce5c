// The machine's noise while a run measured, read from the per-slice figures the result records
// (each measure's `slices`): how far a side's p50 moved from one slice to the next, a verdict
// whose difference is smaller than that, and one-trial verdicts measured one block per side
// (whose interval cannot see drift between the blocks). Figures only: render/findings/
// noise-findings.ts says them in words.
import type { CellResult, RunResult } from "../result/result-schema";
import { median } from "../stats/median";
import { sliceSpread } from "../stats/paired-slices";

/** Each default side's p50 spread from slice to slice over the cell's trials; null without slices. */
export function cellNoise(cell: CellResult): { rest: number | null; grpc: number | null } {
  const spreadOf = (protocol: "rest" | "grpc") => {
    const slices = cell.trials.map((t) => t[protocol].slices?.p50Ms);
    if (slices.some((s) => s === undefined)) return null;
    return sliceSpread(slices as Array<Array<number | null>>);
  };
  return { rest: spreadOf("rest"), grpc: spreadOf("grpc") };
}

const p50Of = (cell: CellResult) => cell.comparisons.find((c) => c.metric === "p50");

/** The range of the run's sides' slice-to-slice p50 spread; null when no side had slices. */
export function runNoiseRange(result: RunResult): { low: number; high: number; median: number } | null {
  const spreads = result.cells
    .flatMap((cell) => {
      const noise = cellNoise(cell);
      return [noise.rest, noise.grpc];
    })
    .filter((s): s is number => s !== null);
  if (spreads.length === 0) return null;
  return { low: Math.min(...spreads), high: Math.max(...spreads), median: median(spreads) };
}

/**
 * A named p50 winner whose difference (a log ratio) is smaller than the larger side's
 * slice-to-slice spread: both, or null when the difference stands clear of the noise.
 */
export function differenceWithinNoise(cell: CellResult): { difference: number; spread: number } | null {
  const p50 = p50Of(cell);
  if (!p50 || p50.winner === "none") return null;
  const noise = cellNoise(cell);
  const spread = Math.max(noise.rest ?? 0, noise.grpc ?? 0);
  const difference = Math.abs(Math.log(p50.ci.estimate));
  if (!(spread > 0) || difference >= spread) return null;
  return { difference, spread };
}

/**
 * The one-trial cells whose p50 interval rests on one block per side (no slices taking turns):
 * such a verdict names no winner, and a result written before that rule may have named one.
 */
export function oneBlockCells(result: RunResult): CellResult[] {
  return result.cells.filter((cell) => {
    const p50 = p50Of(cell);
    return (
      p50 !== undefined &&
      (p50.ci.method === "batch-means" || p50.ci.method === "sample-bootstrap") &&
      cell.trials.every((t) => t.rest.slices === undefined && t.grpc.slices === undefined)
    );
  });
}
