// Whether a run's intervals hold: the same spec run N times, and for each comparison the share of
// the N intervals that contain the median of the N estimates (a 95% interval should miss about
// one time in twenty) and the pairs of runs that named opposite winners (a verdict should name a
// winner only when a rerun would). What `pnpm bench:calibrate` prints.
import { median } from "./median";

export interface RepeatedEstimate {
  estimate: number;
  low: number;
  high: number;
  /** Who the run's verdict named: either side, or "none". */
  winner: string;
  /** The run had no interval for it (too few calls): it counts among neither covering nor missing. */
  degenerate?: boolean;
}

export interface CalibrationSummary {
  runs: number;
  /** The median of the runs' estimates: the best stand-in for the true ratio the runs share. */
  medianEstimate: number;
  /** Intervals that contain that median. */
  covering: number;
  /** Runs that had an interval (the rest had too few calls for one). */
  withInterval: number;
  /** Pairs of runs whose verdicts named different winners (both naming one). */
  oppositePairs: number;
  /** How often each verdict was given, e.g. { none: 18, grpc: 2 }. */
  winners: Record<string, number>;
}

export function calibrationSummary(runs: readonly RepeatedEstimate[]): CalibrationSummary {
  if (runs.length === 0) throw new RangeError("calibration needs at least one run");
  const medianEstimate = median(runs.map((r) => r.estimate));
  const intervals = runs.filter((r) => !r.degenerate);
  const covering = intervals.filter((r) => r.low <= medianEstimate && medianEstimate <= r.high).length;
  const winners: Record<string, number> = {};
  for (const r of runs) winners[r.winner] = (winners[r.winner] ?? 0) + 1;
  const named = Object.entries(winners).filter(([winner]) => winner !== "none");
  // Every run naming one side against every run naming another.
  let oppositePairs = 0;
  for (let i = 0; i < named.length; i++) {
    for (let j = i + 1; j < named.length; j++) oppositePairs += named[i]![1] * named[j]![1];
  }
  return { runs: runs.length, medianEstimate, covering, withInterval: intervals.length, oppositePairs, winners };
}
