// What `pnpm bench:calibrate` leaves behind for later runs on the same machine: per spec and
// comparison, the run-to-run spread it measured (run-to-run.ts). A run whose spec matches reads
// its comparisons' spreads and widens their intervals by them; a spec never calibrated here is
// shown the reference machine's spread beside its verdicts for comparison, never applied
// (presets/calibrations/reference-run-to-run.ts): another machine's spread describes that machine. Kept as a file beside the runner's other state (.relix/), never
// in the repository: the spread is this machine's, not the code's.
import { z } from "zod";
import type { RunSpec } from "../spec/run-spec";

/**
 * The spec fields that only say which cells a run has. A run of other cells of the same spec
 * still shares their comparisons' run-to-run noise: each cell is named in its comparisons (its
 * workload, cache mode, placement, sweep point). The window, the warm-up and the trials are not
 * among them: study-000's warm p50 moved 18% between runs beyond their intervals at 2 s windows
 * and one trial, where its eight reruns at the defaults (3 trials of 10 s) scattered about 6% in
 * all, so a spread holds for runs of the length it was measured at.
 */
const CELL_FIELDS = new Set<string>([
  "workloads",
  "cacheModes",
  "network",
  "sweep",
  // A label: a run set up field by field as a preset is, is that preset's run.
  "preset",
]);

/**
 * The spec fields that decide how an interval is read, not how wide it is: the equivalence margin
 * moves no figure of a run, so runs at another margin share its spreads.
 */
const READING_FIELDS = new Set<string>(["margin"]);

/** Every other field of the spec, keys sorted: two specs share a spread only when these are equal. */
export function runToRunScope(spec: RunSpec): string {
  const kept = Object.entries(spec as Record<string, unknown>)
    .filter(([key, value]) => !CELL_FIELDS.has(key) && !READING_FIELDS.has(key) && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(Object.fromEntries(kept), (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}

const entrySchema = z.object({
  scope: z.string(),
  /** As calibrate names it: "item.get warm · REST vs gRPC · p50", "noop · express vs spring · rps". */
  comparison: z.string().min(1),
  /** The standard deviation of a run's log ratio beyond its own interval (0.06: about 6%). */
  spread: z.number().min(0).finite(),
  /** The runs it was measured over. */
  runs: z.number().int().min(2),
  measuredAt: z.string().datetime(),
});
export type RunToRunEntry = z.infer<typeof entrySchema>;

export const runToRunBookSchema = z.object({
  version: z.literal(1),
  entries: z.array(entrySchema),
});
export type RunToRunBook = z.infer<typeof runToRunBookSchema>;

export const emptyRunToRunBook = (): RunToRunBook => ({ version: 1, entries: [] });

/** The book with these entries in place of any it had for the same spec and comparison. */
export function withEntries(book: RunToRunBook, entries: readonly RunToRunEntry[]): RunToRunBook {
  const key = (e: RunToRunEntry) => `${e.scope}\n${e.comparison}`;
  const replaced = new Set(entries.map(key));
  return { version: 1, entries: [...book.entries.filter((e) => !replaced.has(key(e))), ...entries] };
}

/**
 * Where a comparison's spread came from: this machine's calibration of the run's spec (the only
 * one that widens an interval); the reference machine's calibration of it (this machine never ran
 * one); or, with no calibration of the spec anywhere, the largest spread any reference calibration
 * showed at the metric (presets/calibrations/reference-run-to-run.ts). The last two are shown
 * beside a verdict for comparison and decide nothing.
 */
export const runToRunSources = ["this-machine", "reference", "assumed"] as const;
export type RunToRunSource = (typeof runToRunSources)[number];

/** A comparison's spread and where it came from. */
export interface RunToRunNoise extends RunToRunEntry {
  source: RunToRunSource;
  /**
   * Set by the reference lookup on an assumed spread in a run of a preset that reproduces a study
   * (presets/calibrations/reference-run-to-run.ts). Results written before withheld such a
   * comparison's winner; a spread from elsewhere no longer gates a verdict, so new runs ignore it.
   */
  withholdsWinner?: true;
}

/** A run's view of the book: the spread of each of its comparisons that was calibrated, by name. */
export interface RunToRunLookup {
  spreadOf(comparison: string): RunToRunEntry | undefined;
  /** Any entry for this spec: whether the run was calibrated at all (some of its cells may not be). */
  readonly calibrated: boolean;
}

export function runToRunLookup(book: RunToRunBook, spec: RunSpec): RunToRunLookup {
  const scope = runToRunScope(spec);
  const mine = new Map(book.entries.filter((e) => e.scope === scope).map((e) => [e.comparison, e]));
  return { spreadOf: (comparison) => mine.get(comparison), calibrated: mine.size > 0 };
}

/** "item.get warm", "noop", "item.get warm @cross-region records=1,000": a cell as calibrate and the book name it. */
export function comparisonCellName(cell: {
  workload: string;
  cacheMode: string;
  placement?: string;
  coords?: Record<string, unknown>;
}): string {
  const parts = [cell.workload];
  if (cell.cacheMode !== "none") parts.push(cell.cacheMode);
  if (cell.placement && cell.placement !== "loopback") parts.push(`@${cell.placement}`);
  if (cell.coords)
    parts.push(
      Object.entries(cell.coords)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(" "),
    );
  return parts.join(" ");
}

/** The name of one comparison: the headline pair's is "REST vs gRPC", a stack pair's "express vs spring". */
export const comparisonName = (cell: string, pair: string, metric: string) => `${cell} · ${pair} · ${metric}`;
export const HEADLINE_PAIR_NAME = "REST vs gRPC";

/** "p50" of "item.get warm · REST vs gRPC · p50": a comparison's metric is its name's last part. */
export const metricOf = (comparison: string) => comparison.split(" · ").at(-1)!;
