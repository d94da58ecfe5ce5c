// `pnpm bench:calibrate`: the same spec run N times, each run starting the services afresh, then per
// comparison every run's estimate and interval, the median of the estimates, how many intervals
// contain it, and how many pairs of runs named opposite winners. The evidence that a verdict's
// interval means what its label says (docs/measurement.md "Calibration"). It also keeps each
// comparison's run-to-run spread (@relix/core stats/run-to-run.ts) for later runs of the spec.
import { calibrationSummary, type CalibrationSummary, type RepeatedEstimate } from "@relix/core/stats/calibration";
import {
  earlierSpreadCheck,
  keptRunToRunSpread,
  leaveOneOutCheck,
  MIN_RUNS_FOR_SPREAD,
  runToRunSpread,
  type WidenedCheck,
} from "@relix/core/stats/run-to-run";
import {
  comparisonCellName,
  comparisonName,
  HEADLINE_PAIR_NAME,
  runToRunScope,
  withEntries,
  type RunToRunEntry,
  type RunToRunNoise,
} from "@relix/core/stats/run-to-run-book";
import { layeredSpreadOf } from "@relix/core/presets/calibrations/reference-run-to-run";
import { percentText } from "@relix/core/render/verdicts/verdict-text";
import type { RunResult, RunSpec } from "@relix/core";
import { readRunToRunBook, runToRunFileOf, writeRunToRunBook } from "../engine/assemble/run-to-run-file";
import { formatRatio, formatSpeedupCI } from "@relix/core/render/format";
import type { RunBenchmark } from "../engine/run-events";
import { parseCliArgs } from "./args";
import { EXIT, type CliContext } from "./run-cli";
import { UsageError } from "./usage-error";
import { parseCount } from "./values";

export const REPEAT_BOUNDS = { min: 2, max: 100, default: 20 };

export interface CalibrateContext extends Omit<CliContext, "loadEngine" | "forceExit"> {
  /**
   * The engine every repeat runs on; each run starts the services afresh and stops them, so the
   * repeats sample launches, where the variance between runs lives.
   */
  loadEngine: (env: CliContext["env"]) => Promise<RunBenchmark>;
}

/** `--repeat N` taken out of argv; the rest is `pnpm bench`'s flags. */
export function splitRepeat(argv: readonly string[]): { repeat: number; rest: string[] } {
  const rest: string[] = [];
  let repeat: number = REPEAT_BOUNDS.default;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const inline = arg.startsWith("--repeat=") ? arg.slice("--repeat=".length) : null;
    if (arg !== "--repeat" && inline === null) {
      rest.push(arg);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError("--repeat needs a number");
    repeat = parseCount("--repeat", value, REPEAT_BOUNDS);
  }
  return { repeat, rest };
}

const cellName = (cell: RunResult["cells"][number]) =>
  comparisonCellName({
    workload: cell.workload,
    cacheMode: cell.cacheMode,
    ...(cell.placement ? { placement: cell.placement } : {}),
    ...(cell.coords ? { coords: cell.coords } : {}),
  });

/** Every comparison of a result, by a name that is the same in every repeat of the spec. */
export function comparisonsOf(result: RunResult): Map<string, RepeatedEstimate> {
  const out = new Map<string, RepeatedEstimate>();
  for (const cell of result.cells) {
    for (const c of cell.comparisons) {
      out.set(comparisonName(cellName(cell), HEADLINE_PAIR_NAME, c.metric), { ...c.ci, winner: c.winner });
    }
    for (const pair of cell.stackComparisons ?? []) {
      for (const c of pair.comparisons) {
        out.set(comparisonName(cellName(cell), `${pair.from} vs ${pair.to}`, c.metric), { ...c.ci, winner: c.winner });
      }
    }
  }
  return out;
}

const interval = (r: RepeatedEstimate) =>
  `${r.degenerate ? `${formatRatio(r.estimate)} (no interval)` : formatSpeedupCI({ ...r, degenerate: false })}${r.winner === "none" ? "" : ` ${r.winner}`}`;

const withoutInterval = (s: CalibrationSummary) =>
  s.withInterval < s.runs ? ` (${s.runs - s.withInterval} of ${s.runs} runs had no interval)` : "";

/** "6%" of the run-to-run spread, or why there is none. */
const spreadText = (spread: number | null) =>
  spread === null ? `not measured (fewer than ${MIN_RUNS_FOR_SPREAD} runs with an interval)` : percentText(spread);

/**
 * The spread kept for later runs, and whether intervals widened by it hold, each run judged by the
 * spread the other runs give (so none is judged by a spread fitted to it).
 */
function keptLine(runs: readonly RepeatedEstimate[], check: WidenedCheck | null): string {
  const kept = keptRunToRunSpread(runs);
  if (kept === null) return "";
  const held = check
    ? `; widened by it (each run by the others'): coverage ${check.covering}/${check.checked}, opposite-winner pairs ${check.oppositePairs}`
    : "";
  return `; kept for later runs: ${percentText(kept)} (what brings 95% of reruns to the others' median)${held}`;
}

/** Where a spread kept before this calibration came from, as the check's line names it. */
function earlierSourceText(noise: RunToRunNoise): string {
  const day = noise.measuredAt.slice(0, 10);
  if (noise.source === "this-machine") return `this machine's calibration of ${day}`;
  if (noise.source === "reference") return `the reference machine's calibration of ${day}`;
  return `assumed: the largest any reference calibration kept at the metric (${noise.comparison})`;
}

/** The spread later runs were widened by before these runs, and how these runs fare under it. */
interface EarlierCheck {
  noise: RunToRunNoise;
  check: WidenedCheck;
}

function earlierLine(earlier: EarlierCheck | undefined): string {
  if (!earlier) return "";
  const { noise, check } = earlier;
  return (
    `  held by the spread kept before these runs (${percentText(noise.spread)}, ${earlierSourceText(noise)}): ` +
    `coverage ${check.covering}/${check.checked}, opposite-winner pairs ${check.oppositePairs} (runs it was not fitted to)`
  );
}

/**
 * `earlierNoise` gives, per comparison, the spread a run of this spec was widened by before this
 * calibration (this machine's book, else the reference machine's, else the assumed one): these
 * runs are a test that spread was not fitted to.
 */
export function renderCalibration(
  byComparison: ReadonlyMap<string, RepeatedEstimate[]>,
  earlierNoise: (comparison: string) => RunToRunNoise | undefined = () => undefined,
): string {
  const lines: string[] = [];
  const summaries: Array<[string, CalibrationSummary, WidenedCheck | null, EarlierCheck | undefined]> = [];
  for (const [name, runs] of byComparison) {
    const summary = calibrationSummary(runs);
    const check = leaveOneOutCheck(runs);
    const noise = earlierNoise(name);
    const earlierCheck = noise ? earlierSpreadCheck(runs, noise.spread) : null;
    const earlier = noise && earlierCheck ? { noise, check: earlierCheck } : undefined;
    summaries.push([name, summary, check, earlier]);
    lines.push(`${name}`);
    runs.forEach((r, i) => lines.push(`  run ${String(i + 1).padStart(2)}: ${interval(r)}`));
    const verdicts = Object.entries(summary.winners)
      .map(([winner, n]) => `${winner} ${n}`)
      .join(", ");
    lines.push(
      `  median ${formatRatio(summary.medianEstimate)}; intervals containing it ${summary.covering} of ${summary.withInterval}${withoutInterval(summary)}; ` +
        `opposite-winner pairs ${summary.oppositePairs}; verdicts: ${verdicts}`,
      `  run-to-run spread beyond the runs' own intervals: ${spreadText(runToRunSpread(runs))}${keptLine(runs, check)}`,
    );
    if (earlier) lines.push(earlierLine(earlier));
  }
  lines.push(
    "",
    "summary (coverage: intervals containing the median of the estimates; a 95% interval should miss about 1 in 20.",
    "widened: each run's interval as a later run's would be, with the run-to-run spread the other runs give;",
    "before: widened by the spread kept before these runs, which they are a fresh test of)",
  );
  for (const [name, s, check, earlier] of summaries) {
    lines.push(
      `  ${name}: coverage ${s.covering}/${s.withInterval}${withoutInterval(s)}, opposite-winner pairs ${s.oppositePairs}` +
        (check ? `; widened ${check.covering}/${check.checked}, ${check.oppositePairs}` : "") +
        (earlier ? `; before ${earlier.check.covering}/${earlier.check.checked}, ${earlier.check.oppositePairs}` : ""),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** The book's entries for this calibration: every comparison with a measured spread. */
export function runToRunEntries(
  spec: RunSpec,
  byComparison: ReadonlyMap<string, RepeatedEstimate[]>,
  measuredAt: string,
): RunToRunEntry[] {
  const scope = runToRunScope(spec);
  return [...byComparison].flatMap(([comparison, runs]) => {
    const spread = keptRunToRunSpread(runs);
    return spread === null ? [] : [{ scope, comparison, spread, runs: runs.length, measuredAt }];
  });
}

/**
 * The spread each comparison of `spec` was widened by before this calibration writes its own: read
 * before saveSpreads replaces this machine's entries. Nothing when the book is turned off.
 */
async function spreadsKeptBefore(
  ctx: CalibrateContext,
  spec: RunSpec,
): Promise<(comparison: string) => RunToRunNoise | undefined> {
  const file = runToRunFileOf(ctx.env);
  if (file === null) return () => undefined;
  const { book } = await readRunToRunBook(file);
  return layeredSpreadOf(book, spec);
}

/** Keeps the spreads for later runs of the spec; says where, or why not. */
async function saveSpreads(
  ctx: CalibrateContext,
  spec: RunSpec,
  byComparison: ReadonlyMap<string, RepeatedEstimate[]>,
): Promise<string> {
  const file = runToRunFileOf(ctx.env);
  if (file === null) return "run-to-run spreads not kept (RELIX_RUN_TO_RUN_FILE=off)";
  const entries = runToRunEntries(spec, byComparison, new Date().toISOString());
  if (entries.length === 0) return "no run-to-run spread to keep (too few runs with an interval)";
  const { book, warning } = await readRunToRunBook(file);
  if (warning) ctx.stderr.write(`relix-calibrate: ${warning}; writing a new one\n`);
  await writeRunToRunBook(file, withEntries(book, entries));
  return `run-to-run spreads of ${entries.length} comparisons kept in ${file}: later runs of this spec on this machine include them in their intervals`;
}

export async function runCalibration(argv: readonly string[], ctx: CalibrateContext): Promise<number> {
  let repeat: number;
  let spec;
  try {
    const split = splitRepeat(argv);
    repeat = split.repeat;
    const args = parseCliArgs(split.rest);
    if (args.help) {
      ctx.stdout.write(
        `pnpm bench:calibrate [--repeat N] [pnpm bench flags]\n\nRuns the spec N times (${REPEAT_BOUNDS.min}-${REPEAT_BOUNDS.max}, default ${REPEAT_BOUNDS.default}), each starting the services afresh, and prints, per comparison,\nevery run's estimate and 95% interval, the median of the estimates, how many intervals contain it and\nhow many pairs of runs named opposite winners, then the run-to-run spread: how much more the runs'\nestimates scatter than their own intervals say. The spreads are kept in .relix/run-to-run.json\n(RELIX_RUN_TO_RUN_FILE moves it, =off keeps none), and later runs of the same spec on this machine widen\ntheir intervals by them. Every other flag is pnpm bench's (pnpm bench --help).\n`,
      );
      return EXIT.ok;
    }
    spec = args.spec;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    ctx.stderr.write(`relix-calibrate: error: ${error.message}\n`);
    return EXIT.usage;
  }
  const controller = new AbortController();
  const unsubscribe = [
    ctx.onSignal("SIGINT", () => controller.abort()),
    ctx.onSignal("SIGTERM", () => controller.abort()),
  ];
  let runBenchmark: RunBenchmark;
  try {
    runBenchmark = await ctx.loadEngine(ctx.env);
  } catch (error) {
    ctx.stderr.write(`relix-calibrate: cannot start the engine: ${(error as Error).message}\n`);
    for (const off of unsubscribe) off();
    return EXIT.runFailed;
  }
  const byComparison = new Map<string, RepeatedEstimate[]>();
  try {
    for (let run = 1; run <= repeat; run++) {
      if (controller.signal.aborted) return EXIT.interrupted;
      const started = performance.now();
      // No services handed in: the run starts its own and stops them, a launch of its own.
      const result = await runBenchmark(spec, { signal: controller.signal });
      const found = comparisonsOf(result);
      for (const [name, estimate] of found) byComparison.set(name, [...(byComparison.get(name) ?? []), estimate]);
      const headline = [...found].filter(([name]) => name.endsWith("· p50"));
      ctx.stderr.write(
        `relix-calibrate: run ${run}/${repeat} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
          `${headline.map(([name, r]) => `${name.replace(/ · p50$/, "").replace(" · REST vs gRPC", "")} ${interval(r)}`).join("; ")}\n`,
      );
    }
  } catch (error) {
    ctx.stderr.write(
      controller.signal.aborted
        ? "relix-calibrate: cancelled\n"
        : `relix-calibrate: a run failed: ${(error as Error).message}\n`,
    );
    return controller.signal.aborted ? EXIT.interrupted : EXIT.runFailed;
  } finally {
    for (const off of unsubscribe) off();
  }
  let earlierNoise: (comparison: string) => RunToRunNoise | undefined;
  try {
    earlierNoise = await spreadsKeptBefore(ctx, spec);
  } catch (error) {
    ctx.stderr.write(`relix-calibrate: could not read the spreads kept before: ${(error as Error).message}\n`);
    earlierNoise = () => undefined;
  }
  ctx.stdout.write(renderCalibration(byComparison, earlierNoise));
  try {
    ctx.stdout.write(`\n${await saveSpreads(ctx, spec, byComparison)}\n`);
  } catch (error) {
    ctx.stderr.write(`relix-calibrate: could not keep the run-to-run spreads: ${(error as Error).message}\n`);
    return EXIT.runFailed;
  }
  return EXIT.ok;
}
