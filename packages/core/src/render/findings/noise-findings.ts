// The machine's noise while a run measured (findings/noise-rules.ts), in words.
import type { CellResult, RunResult } from "../../result/result-schema";
import { cellSubject, type Finding } from "../../findings/finding";
import { differenceWithinNoise, oneBlockCells, runNoiseRange } from "../../findings/noise-rules";
import { percentText } from "../verdicts/verdict-text";
import { cellName } from "./finding-names";

/** One note for the run: the range of the sides' slice-to-slice spread. */
function runNoiseFinding(result: RunResult): Finding | null {
  const range = runNoiseRange(result);
  if (range === null) return null;
  return {
    kind: "slice-noise",
    severity: "note",
    text: `NOISE: REST and gRPC took turns in short slices, so a drift of the machine hit both; meanwhile a side's p50 moved ${percentText(range.low)} to ${percentText(range.high)} from one slice to the next (median ${percentText(range.median)}). Each interval comes from the paired slices, drift included.`,
  };
}

/** A named p50 winner whose difference is smaller than the larger side's slice-to-slice spread. */
function withinNoiseFinding(cell: CellResult): Finding | null {
  const within = differenceWithinNoise(cell);
  if (within === null) return null;
  return {
    kind: "difference-within-noise",
    severity: "note",
    text: `SMALL AGAINST NOISE for ${cellName(cell)}: the p50 difference (${percentText(Math.exp(within.difference) - 1)}) is smaller than how far a side's p50 moved from slice to slice (${percentText(within.spread)}); the paired slices still place it beyond 1, but another machine's noise may hide it.`,
    about: cellSubject(cell),
  };
}

/** One warning naming the one-trial cells whose p50 interval rests on one block per side, and why they name no winner. */
function oneBlockFinding(result: RunResult): Finding | null {
  const cells = oneBlockCells(result);
  if (cells.length === 0) return null;
  // A result written before one-block verdicts stopped naming winners may still carry one.
  const named = cells.some((cell) => cell.comparisons.some((c) => c.metric === "p50" && c.winner !== "none"));
  const consequence = named ? "a rerun may name another winner" : "no winner is named on it";
  return {
    kind: "one-block-per-side",
    severity: "warning",
    text: `ONE BLOCK PER SIDE for ${cells.map(cellName).join(", ")}: the window was too short for slices that take turns (each needs 30 calls of the slower side), so REST and gRPC ran one after the other and the interval sees only the noise inside each block, not a drift between them: ${consequence}. Lengthen the window or add trials.`,
    ...(cells.length === 1 ? { about: cellSubject(cells[0]!) } : {}),
  };
}

export function noiseFindings(result: RunResult): Finding[] {
  return [runNoiseFinding(result), ...result.cells.map(withinNoiseFinding), oneBlockFinding(result)].filter(
    (f): f is Finding => f !== null,
  );
}
