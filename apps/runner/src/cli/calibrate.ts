// `pnpm bench:calibrate`: the same spec run N times over services started once, then per
// comparison every run's estimate and interval, the median of the estimates, how many intervals
// contain it, and how many pairs of runs named opposite winners. The evidence that a verdict's
// interval means what its label says (docs/measurement.md "Calibration").
import { calibrationSummary, type CalibrationSummary, type RepeatedEstimate } from "@relix/core/stats/calibration";
import type { RunResult } from "@relix/core";
import { formatRatio, formatSpeedupCI } from "@relix/core/render/format";
import type { ManagedServices } from "../engine/service-manager";
import type { RunBenchmark } from "../engine/run-events";
import { parseCliArgs } from "./args";
import { EXIT, type CliContext } from "./run-cli";
import { UsageError } from "./usage-error";
import { parseCount } from "./values";

export const REPEAT_BOUNDS = { min: 2, max: 100, default: 20 };

export interface CalibrateContext extends Omit<CliContext, "loadEngine" | "forceExit"> {
  /** The engine and the services it measures, started once for every repeat. */
  loadEngine: (env: CliContext["env"]) => Promise<{ runBenchmark: RunBenchmark; services: ManagedServices }>;
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

/** "item.get warm", "noop", "item.get warm @cross-region records=1,000" */
function cellName(cell: RunResult["cells"][number]): string {
  const parts = [cell.workload];
  if (cell.cacheMode !== "none") parts.push(cell.cacheMode);
  if (cell.placement && cell.placement !== "loopback") parts.push(`@${cell.placement}`);
  if (cell.coords)
    parts.push(
      Object.entries(cell.coords)
        .map(([k, v]) => `${k}=${v}`)
        .join(" "),
    );
  return parts.join(" ");
}

/** Every comparison of a result, by a name that is the same in every repeat of the spec. */
export function comparisonsOf(result: RunResult): Map<string, RepeatedEstimate> {
  const out = new Map<string, RepeatedEstimate>();
  for (const cell of result.cells) {
    for (const c of cell.comparisons) {
      out.set(`${cellName(cell)} · REST vs gRPC · ${c.metric}`, { ...c.ci, winner: c.winner });
    }
    for (const pair of cell.stackComparisons ?? []) {
      for (const c of pair.comparisons) {
        out.set(`${cellName(cell)} · ${pair.from} vs ${pair.to} · ${c.metric}`, { ...c.ci, winner: c.winner });
      }
    }
  }
  return out;
}

const interval = (r: RepeatedEstimate) =>
  `${r.degenerate ? `${formatRatio(r.estimate)} (no interval)` : formatSpeedupCI({ ...r, degenerate: false })}${r.winner === "none" ? "" : ` ${r.winner}`}`;

const withoutInterval = (s: CalibrationSummary) =>
  s.withInterval < s.runs ? ` (${s.runs - s.withInterval} of ${s.runs} runs had no interval)` : "";

export function renderCalibration(byComparison: ReadonlyMap<string, RepeatedEstimate[]>): string {
  const lines: string[] = [];
  const summaries: Array<[string, CalibrationSummary]> = [];
  for (const [name, runs] of byComparison) {
    const summary = calibrationSummary(runs);
    summaries.push([name, summary]);
    lines.push(`${name}`);
    runs.forEach((r, i) => lines.push(`  run ${String(i + 1).padStart(2)}: ${interval(r)}`));
    const verdicts = Object.entries(summary.winners)
      .map(([winner, n]) => `${winner} ${n}`)
      .join(", ");
    lines.push(
      `  median ${formatRatio(summary.medianEstimate)}; intervals containing it ${summary.covering} of ${summary.withInterval}${withoutInterval(summary)}; ` +
        `opposite-winner pairs ${summary.oppositePairs}; verdicts: ${verdicts}`,
    );
  }
  lines.push(
    "",
    "summary (coverage: intervals containing the median of the estimates; a 95% interval should miss about 1 in 20)",
  );
  for (const [name, s] of summaries) {
    lines.push(
      `  ${name}: coverage ${s.covering}/${s.withInterval}${withoutInterval(s)}, opposite-winner pairs ${s.oppositePairs}`,
    );
  }
  return `${lines.join("\n")}\n`;
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
        `pnpm bench:calibrate [--repeat N] [pnpm bench flags]\n\nRuns the spec N times (${REPEAT_BOUNDS.min}-${REPEAT_BOUNDS.max}, default ${REPEAT_BOUNDS.default}) over services started once and prints, per comparison,\nevery run's estimate and 95% interval, the median of the estimates, how many intervals contain it and\nhow many pairs of runs named opposite winners. Every other flag is pnpm bench's (pnpm bench --help).\n`,
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
  let engine: Awaited<ReturnType<CalibrateContext["loadEngine"]>>;
  try {
    engine = await ctx.loadEngine(ctx.env);
  } catch (error) {
    ctx.stderr.write(`relix-calibrate: cannot start the engine and services: ${(error as Error).message}\n`);
    for (const off of unsubscribe) off();
    return EXIT.runFailed;
  }
  const byComparison = new Map<string, RepeatedEstimate[]>();
  try {
    for (let run = 1; run <= repeat; run++) {
      if (controller.signal.aborted) return EXIT.interrupted;
      const started = performance.now();
      const result = await engine.runBenchmark(spec, { signal: controller.signal, services: engine.services });
      const found = comparisonsOf(result);
      for (const [name, estimate] of found) byComparison.set(name, [...(byComparison.get(name) ?? []), estimate]);
      const headline = [...found].filter(([name]) => name.endsWith("· p50"));
      ctx.stderr.write(
        `relix-calibrate: run ${run}/${repeat} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
          `${headline.map(([name, r]) => `${name.split(" · ")[0]} ${interval(r)}`).join("; ")}\n`,
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
    await engine.services.stop();
  }
  ctx.stdout.write(renderCalibration(byComparison));
  return EXIT.ok;
}
