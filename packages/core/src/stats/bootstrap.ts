// Percentile bootstrap of a ratio of medians, for comparing one metric (say p50 per trial)
// across REST and gRPC trials. Medians, not means, because one disturbed trial (a GC pause,
// a noisy neighbour) should not move the answer much. Percentile intervals are enough here:
// the verdict only asks "does the interval exclude 1?", and trial counts are small.
import { z } from "zod";
import { MAX_MARGIN } from "./equivalence-margin";
import { median, quantileSorted } from "./median";
import { mulberry32, randomIndex, type Random } from "./seeded-random";

/** Which side is the numerator; there is no default, so a caller can never get it backwards silently. */
export const ratioDirectionSchema = z.enum(["rest/grpc", "grpc/rest"]);
export type RatioDirection = z.infer<typeof ratioDirectionSchema>;

export const ratioCISchema = z.object({
  ratio: ratioDirectionSchema,
  /** Ratio of the medians of the observed trials. */
  estimate: z.number().positive(),
  low: z.number().positive(),
  high: z.number().positive(),
  /** e.g. 0.95 */
  confidence: z.number().gt(0).lt(1),
  /**
   * A side had a single trial: every resample equals the data, so low = high = estimate and
   * the "interval" says nothing about uncertainty. The verdict says so instead of printing it.
   */
  degenerate: z.boolean(),
  /**
   * How the interval was built: absent (results before it was recorded, and every interval over
   * several trials that were not launches) is the between-trial bootstrap; "launches" the interval
   * over launches, each trial a fresh start of every server process, from the launches' own log
   * ratios (launch-interval.ts); "paired-slices" the interval from the ratios of slices that took
   * turns between the sides within a launch (paired-slices.ts); "batch-means" the one-trial
   * interval from sub-windows of one block per side (batch-means.ts); "sample-bootstrap" the
   * one-trial p50 interval of a block with too few calls for sub-windows, from its calls
   * (sample-bootstrap.ts).
   */
  method: z.enum(["trials-bootstrap", "batch-means", "sample-bootstrap", "paired-slices", "launches"]).optional(),
  /** launches only: the launches (fresh starts of the servers) the interval rests on. */
  launches: z.number().int().min(2).optional(),
  /** paired-slices only: the pairs of slices (over every trial) the interval rests on. */
  pairs: z.number().int().min(2).optional(),
  /** batch-means only: the sub-windows per side the interval rests on. */
  batches: z.number().int().min(2).optional(),
  /**
   * sample-bootstrap only: each side's successful calls in its window (`rest` is the ratio's
   * baseline side, `grpc` the other, as in `ratio`); of a side with more than 200, 200 evenly
   * spaced over their distribution enter the bootstrap (runner's batches.ts).
   */
  samples: z.object({ rest: z.number().int().min(1), grpc: z.number().int().min(1) }).optional(),
  /**
   * The equivalence margin the verdict was read against (0.05 = 5%): a winner is named only when
   * the whole interval lies beyond it, and an interval wholly within it reads "the same within 5%"
   * (stats/verdict.ts). Absent in results written before margins: no margin, and no equivalence.
   */
  margin: z.number().min(0).max(MAX_MARGIN).optional(),
  /**
   * Under an emulated network placement: the relative difference (0.007 = 0.7%) the emulator's own
   * precision could make between the two sides (see EMULATOR_PRECISION_MS). A winner is named only
   * when the whole interval lies beyond it (or beyond the margin, whichever is larger). Absent on
   * loopback and in older results.
   */
  emulatorBand: z.number().min(0).optional(),
  /**
   * The run-to-run spread the interval was widened by (0.06: a run's log ratio moves by about 6%
   * from one run to the next beyond what its own slices show), from this machine's calibration of
   * the same spec (run-to-run.ts). Absent: the interval holds the noise within the run only.
   */
  runToRunSpread: z.number().min(0).optional(),
  /**
   * A spread measured on another machine, kept beside the interval for comparison and never
   * applied: it did not widen, narrow or decide anything. "reference": the reference machine's
   * calibration of the same spec; "assumed": the largest spread any reference calibration showed at
   * the metric (presets/calibrations/reference-run-to-run.ts). Absent when this machine calibrated
   * the spec (runToRunSpread) or no calibration is known.
   */
  referenceSpread: z.object({ spread: z.number().min(0), source: z.enum(["reference", "assumed"]) }).optional(),
  /**
   * Results written before spreads from elsewhere stopped being applied: where runToRunSpread came
   * from when this machine never calibrated the spec ("reference" or "assumed", as in
   * referenceSpread). New results never set it.
   */
  runToRunSource: z.enum(["reference", "assumed"]).optional(),
  /**
   * Results written before spreads from elsewhere stopped deciding verdicts: a study preset's
   * comparison whose spread was assumed named no winner whatever its interval said. Kept so such a
   * result reads as it was written; new results never set it.
   */
  winnerWithheld: z.literal(true).optional(),
});
export type RatioCI = z.infer<typeof ratioCISchema>;

export interface BootstrapOptions {
  ratio: RatioDirection;
  iterations?: number;
  confidence?: number;
  /** Fixed by default so the same trials always print the same interval. */
  seed?: number;
}

export const DEFAULT_BOOTSTRAP_SEED = 0x5eed;

function assertTrials(side: string, values: readonly number[]): void {
  if (values.length === 0) throw new RangeError(`${side}: at least one trial is needed`);
  // A ratio needs a positive denominator; 0 rps or 0 ms means the trial failed upstream.
  if (values.some((v) => !(Number.isFinite(v) && v > 0))) {
    throw new RangeError(`${side}: trial values must be finite and > 0, got [${values.join(", ")}]`);
  }
}

/**
 * One side prepared for resampling: its values, and their indexes in ascending order of value.
 * A resample is drawn as how many times each index was picked, and its median found by walking
 * the indexes in that order: linear in the number of values, where sorting every resample was
 * not, which matters for a one-trial side of a hundred calls.
 */
interface ResampleSide {
  values: readonly number[];
  ascending: Uint32Array;
  picks: Uint32Array;
}

function resampleSide(values: readonly number[]): ResampleSide {
  const ascending = Uint32Array.from(values.keys()).sort((a, b) => values[a]! - values[b]!);
  return { values, ascending, picks: new Uint32Array(values.length) };
}

/** The R-7 median of one resample (as quantileSorted would give on the sorted resample). */
function resampledMedian({ values, ascending, picks }: ResampleSide, random: Random): number {
  const n = values.length;
  picks.fill(0);
  for (let i = 0; i < n; i++) picks[randomIndex(random, n)]!++;
  const position = (n - 1) * 0.5;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  let seen = 0;
  let lower = NaN;
  for (const index of ascending) {
    seen += picks[index]!;
    if (Number.isNaN(lower) && seen > below) lower = values[index]!;
    if (seen > above) return lower + (values[index]! - lower) * (position - below);
  }
  throw new Error("unreachable: a resample holds n values");
}

export function bootstrapRatioCI(
  restValues: readonly number[],
  grpcValues: readonly number[],
  { ratio, iterations = 10_000, confidence = 0.95, seed = DEFAULT_BOOTSTRAP_SEED }: BootstrapOptions,
): RatioCI {
  assertTrials("REST", restValues);
  assertTrials("gRPC", grpcValues);
  if (!(Number.isInteger(iterations) && iterations >= 1)) {
    throw new RangeError(`iterations must be a positive integer, got ${iterations}`);
  }
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  }

  const [numerator, denominator] = ratio === "rest/grpc" ? [restValues, grpcValues] : [grpcValues, restValues];
  const estimate = median(numerator) / median(denominator);
  if (restValues.length < 2 || grpcValues.length < 2) {
    return { ratio, estimate, low: estimate, high: estimate, confidence, degenerate: true };
  }

  const random = mulberry32(seed);
  const numeratorSide = resampleSide(numerator);
  const denominatorSide = resampleSide(denominator);
  const ratios = new Array<number>(iterations);
  for (let i = 0; i < iterations; i++) {
    ratios[i] = resampledMedian(numeratorSide, random) / resampledMedian(denominatorSide, random);
  }
  ratios.sort((a, b) => a - b);
  const tail = (1 - confidence) / 2;
  return {
    ratio,
    estimate,
    low: quantileSorted(ratios, tail),
    high: quantileSorted(ratios, 1 - tail),
    confidence,
    degenerate: false,
  };
}
