// The machine's noise while a run measured, read from the per-slice figures the result records
// (each measure's `slices`): how far a side's p50 moved from one slice to the next, a verdict
// whose difference is smaller than that, and one-trial verdicts measured one block per side
// (whose interval cannot see drift between the blocks).
import type { CellResult, RunResult } from "../result/result-schema";
import { median } from "../stats/median";
import { sliceSpread } from "../stats/paired-slices";
import { percentText } from "../stats/verdict";
import { cellName, cellSubject, type Finding } from "./finding";

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

/** One note for the run: the range of the sides' slice-to-slice spread. */
function runNoiseFinding(result: RunResult): Finding | null {
  const spreads = result.cells
    .flatMap((cell) => {
      const noise = cellNoise(cell);
      return [noise.rest, noise.grpc];
    })
    .filter((s): s is number => s !== null);
  if (spreads.length === 0) return null;
  const low = Math.min(...spreads);
  const high = Math.max(...spreads);
  return {
    kind: "slice-noise",
    severity: "note",
    text: `NOISE: REST and gRPC took turns in short slices, so a drift of the machine hit both; meanwhile a side's p50 moved ${percentText(low)} to ${percentText(high)} from one slice to the next (median ${percentText(median(spreads))}). Each interval comes from the paired slices, drift included.`,
  };
}

/** A named p50 winner whose difference is smaller than the larger side's slice-to-slice spread. */
function withinNoiseFinding(cell: CellResult): Finding | null {
  const p50 = p50Of(cell);
  if (!p50 || p50.winner === "none") return null;
  const noise = cellNoise(cell);
  const spread = Math.max(noise.rest ?? 0, noise.grpc ?? 0);
  const difference = Math.abs(Math.log(p50.ci.estimate));
  if (!(spread > 0) || difference >= spread) return null;
  return {
    kind: "difference-within-noise",
    severity: "note",
    text: `SMALL AGAINST NOISE for ${cellName(cell)}: the p50 difference (${percentText(Math.exp(difference) - 1)}) is smaller than how far a side's p50 moved from slice to slice (${percentText(spread)}); the paired slices still place it beyond 1, but another machine's noise may hide it.`,
    about: cellSubject(cell),
  };
}

/** One warning naming the one-trial cells whose p50 winner rests on one block per side. */
function oneBlockFinding(result: RunResult): Finding | null {
  const cells = result.cells.filter((cell) => {
    const p50 = p50Of(cell);
    return (
      p50 !== undefined &&
      p50.winner !== "none" &&
      (p50.ci.method === "batch-means" || p50.ci.method === "sample-bootstrap") &&
      cell.trials.every((t) => t.rest.slices === undefined && t.grpc.slices === undefined)
    );
  });
  if (cells.length === 0) return null;
  return {
    kind: "one-block-per-side",
    severity: "warning",
    text: `ONE BLOCK PER SIDE for ${cells.map(cellName).join(", ")}: the window was too short for slices that take turns (each needs 30 calls of the slower side), so REST and gRPC ran one after the other and the interval sees only the noise inside each block, not a drift between them: a rerun may name another winner. Lengthen the window or add trials.`,
    ...(cells.length === 1 ? { about: cellSubject(cells[0]!) } : {}),
  };
}

export function noiseFindings(result: RunResult): Finding[] {
  return [runNoiseFinding(result), ...result.cells.map(withinNoiseFinding), oneBlockFinding(result)].filter(
    (f): f is Finding => f !== null,
  );
}
