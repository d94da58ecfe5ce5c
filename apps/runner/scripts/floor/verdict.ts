/**
 * Issue 20's targets for an API against its runtime's bare reference, and the verdict on the
 * rounds measured: p50 at 1 in flight within 1.3x of the reference's, rps at 32 in flight at least
 * 0.8x of the reference's. Each ratio is the median of the per-round ratios: both sides of a round
 * ran back to back, so a round's ratio is what drift disturbs least.
 */
import { median } from "./interleave";

export const FLOOR_TARGETS = { p50RatioAtMost: 1.3, rpsRatioAtLeast: 0.8 } as const;

/** One round's figures of both sides: p50 (ms) at 1 in flight, rps at 32 in flight. */
export interface RoundFigures {
  api: { p50Ms: number; rps: number };
  reference: { p50Ms: number; rps: number };
}

export interface FloorVerdict {
  apiP50Ms: number;
  referenceP50Ms: number;
  p50Ratio: number;
  p50Pass: boolean;
  apiRps: number;
  referenceRps: number;
  rpsRatio: number;
  rpsPass: boolean;
  pass: boolean;
}

export function floorVerdict(rounds: readonly RoundFigures[], targets = FLOOR_TARGETS): FloorVerdict {
  if (rounds.length === 0) throw new Error("no rounds to judge");
  const p50Ratio = median(rounds.map((r) => r.api.p50Ms / r.reference.p50Ms));
  const rpsRatio = median(rounds.map((r) => r.api.rps / r.reference.rps));
  const p50Pass = p50Ratio <= targets.p50RatioAtMost;
  const rpsPass = rpsRatio >= targets.rpsRatioAtLeast;
  return {
    apiP50Ms: median(rounds.map((r) => r.api.p50Ms)),
    referenceP50Ms: median(rounds.map((r) => r.reference.p50Ms)),
    p50Ratio,
    p50Pass,
    apiRps: median(rounds.map((r) => r.api.rps)),
    referenceRps: median(rounds.map((r) => r.reference.rps)),
    rpsRatio,
    rpsPass,
    pass: p50Pass && rpsPass,
  };
}
