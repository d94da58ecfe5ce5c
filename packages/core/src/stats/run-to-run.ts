// The noise a rerun adds that one run cannot see. A run's interval comes from its own slices and
// trials, so it holds the noise within the run; what moves a whole run (the machine's state over
// minutes, the services' and the tools' processes, what the JIT compiled) is the same for every
// slice of it and never shows. `pnpm bench:calibrate` runs one spec N times and sees it: the runs'
// estimates scatter more than their own intervals say. Taken apart as a meta-analysis takes apart
// the studies it pools (DerSimonian & Laird's between-study variance, a method of moments): how
// far the runs' log estimates scatter around their precision-weighted mean, beyond what their own
// standard errors allow, is spread².
// That estimate assumes the runs scatter normally, and they do not always; what later runs of
// the spec on the machine add to their own variance is keptRunToRunSpread's, the least spread
// that brings 95% of reruns' intervals to what the others found, so an interval covers what a
// rerun would find (run-to-run-book.ts keeps the spreads; docs/measurement.md).
import type { RepeatedEstimate } from "./calibration";
import { median } from "./median";

/** The 97.5% quantile of the normal: a 95% interval's half width in standard errors. */
const Z_975 = 1.959964;

/** Runs with an interval below which no spread is estimated: two estimates say little of a variance. */
export const MIN_RUNS_FOR_SPREAD = 4;

const withInterval = (runs: readonly RepeatedEstimate[]) =>
  runs.filter((r) => !r.degenerate && r.low > 0 && r.high >= r.low && r.estimate > 0);

/**
 * A run's standard error of the log ratio, read back from its 95% interval. Its intervals use a
 * t quantile (above 1.96 when it rests on few slices), so this reads a little high there and the
 * spread a little low: the leave-one-out check below says whether it was enough.
 */
const logStandardError = (r: Pick<RepeatedEstimate, "low" | "high">) =>
  (Math.log(r.high) - Math.log(r.low)) / (2 * Z_975);

/** A standard error below this is read as this: a zero-width interval must not take all the weight. */
const MIN_STANDARD_ERROR = 1e-4;

/**
 * The standard deviation of a run's log ratio that its own interval does not hold (0.06: about
 * 6%), 0 when the runs scatter no more than their intervals say; null under MIN_RUNS_FOR_SPREAD
 * runs with an interval. DerSimonian and Laird's estimator: each run weighed by its precision
 * (1 / se²), so runs with narrow intervals that still land apart count for what they are; a plain
 * variance of the estimates against the mean se² let a few wide intervals hide them.
 */
export function runToRunSpread(runs: readonly RepeatedEstimate[]): number | null {
  const usable = withInterval(runs);
  if (usable.length < MIN_RUNS_FOR_SPREAD) return null;
  const logs = usable.map((r) => Math.log(r.estimate));
  const weights = usable.map((r) => 1 / Math.max(logStandardError(r), MIN_STANDARD_ERROR) ** 2);
  const total = weights.reduce((a, b) => a + b, 0);
  const pooled = logs.reduce((s, y, i) => s + weights[i]! * y, 0) / total;
  const q = logs.reduce((s, y, i) => s + weights[i]! * (y - pooled) ** 2, 0);
  const scale = total - weights.reduce((s, w) => s + w * w, 0) / total;
  return Math.sqrt(Math.max(0, (q - (usable.length - 1)) / scale));
}

/** How often a later run's widened interval should reach what the other runs found: a 95% interval's. */
const KEPT_COVERAGE = 0.95;

/**
 * The spread later runs are widened by: the least that brings a rerun's interval to the median of
 * the other runs 95% of the time, with no assumption about how runs scatter (split conformal
 * prediction: with k exchangeable runs, the ⌈(k + 1) × 95%⌉-th smallest of the spreads each run
 * needed leaves a new run's chance of needing more at most 5%; up to 38 runs that rank is the
 * last, so the largest is kept, and the chance is at most 1 / (k + 1)). Each run needs the spread that widens its own interval
 * just enough to reach the median of the others' estimates. runToRunSpread's estimate assumes the
 * runs scatter normally; on this machine they do not always (the quick preset's meteorites.get
 * reruns ran from 0.47x to 0.91x, a few far off), and intervals widened by it held the median 16
 * times of 20 where 19 were wanted. Null under MIN_RUNS_FOR_SPREAD runs with an interval.
 */
export function keptRunToRunSpread(runs: readonly RepeatedEstimate[]): number | null {
  const usable = withInterval(runs);
  if (usable.length < MIN_RUNS_FOR_SPREAD) return null;
  const logs = usable.map((r) => Math.log(r.estimate));
  const needed = usable
    .map((run, i) => {
      const others = median(logs.filter((_, j) => j !== i));
      const reach = Math.abs(logs[i]! - others) / Z_975;
      return Math.sqrt(Math.max(0, reach ** 2 - logStandardError(run) ** 2));
    })
    .sort((a, b) => a - b);
  const rank = Math.min(needed.length, Math.ceil((needed.length + 1) * KEPT_COVERAGE));
  return needed[rank - 1]!;
}

/**
 * An interval widened by a run-to-run spread: its own standard error and the spread combined as
 * independent errors, around the same centre (on the log scale, where every interval here is
 * symmetric). A spread of 0 leaves it as it was.
 */
export function widenedBy<T extends { low: number; high: number }>(ci: T, spread: number): T {
  if (!(spread > 0) || !(ci.low > 0) || !(ci.high >= ci.low)) return ci;
  const centre = (Math.log(ci.low) + Math.log(ci.high)) / 2;
  const halfWidth = Z_975 * Math.hypot(logStandardError(ci), spread);
  return { ...ci, low: Math.exp(centre - halfWidth), high: Math.exp(centre + halfWidth) };
}

/** Who an interval names: a side only when the whole interval is beyond 1 on its side. */
function sideOf(ci: { low: number; high: number }, named: string): string {
  return ci.low > 1 || ci.high < 1 ? named : "none";
}

export interface WidenedCheck {
  /** Runs whose widened interval contains the median of all the runs' estimates. */
  covering: number;
  /** Runs that had an interval and a spread to widen it by. */
  checked: number;
  /** Pairs of runs whose widened verdicts name opposite winners. */
  oppositePairs: number;
}

/**
 * Each run's interval widened by the spread `spreadFor` gives it (null: the run is not judged),
 * then held against the median of all the estimates (coverage) and the others' verdicts
 * (opposite winners). Null when no run was judged.
 */
function widenedCheck(
  runs: readonly RepeatedEstimate[],
  spreadFor: (index: number) => number | null,
): WidenedCheck | null {
  const centre = median(runs.map((r) => r.estimate));
  const winners: string[] = [];
  let covering = 0;
  runs.forEach((run, i) => {
    if (withInterval([run]).length === 0) return;
    const spread = spreadFor(i);
    if (spread === null) return;
    const widened = widenedBy(run, spread);
    if (widened.low <= centre && centre <= widened.high) covering++;
    winners.push(run.winner === "none" ? "none" : sideOf(widened, run.winner));
  });
  if (winners.length === 0) return null;
  const named = winners.filter((w) => w !== "none");
  let oppositePairs = 0;
  for (let i = 0; i < named.length; i++) {
    for (let j = i + 1; j < named.length; j++) if (named[i] !== named[j]) oppositePairs++;
  }
  return { covering, checked: winners.length, oppositePairs };
}

/**
 * Whether the spread makes intervals hold, without fitting it to the runs it is judged on: each
 * run's interval is widened by the spread the other runs give. With the largest of the others'
 * needs kept, only the run that needed the most can miss, so this shows the spread's effect on
 * verdicts more than it tests it. Null when the other runs are too few for a spread.
 */
export function leaveOneOutCheck(runs: readonly RepeatedEstimate[]): WidenedCheck | null {
  return widenedCheck(runs, (i) => keptRunToRunSpread(runs.filter((_, j) => j !== i)));
}

/**
 * The test a kept spread was not fitted to: these runs, from a later session, each widened by a
 * spread kept before them (this machine's earlier calibration, or the reference machine's).
 */
export function earlierSpreadCheck(runs: readonly RepeatedEstimate[], spread: number): WidenedCheck | null {
  return widenedCheck(runs, () => spread);
}
