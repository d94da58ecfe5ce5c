// The whole of `pnpm bench`, with its surroundings passed in (streams, environment, engine,
// signals) so tests drive it like a user would, without a process per case.
import { lightLoadMeasured } from "@relix/core/spec/light-load";
import {
  bothWaysPlanned,
  estimateMeasuringMs,
  numericGrid,
  plannedCells,
  searchedAxis,
  sweepListsApplied,
  type RunResult,
  type RunSpec,
} from "@relix/core";
import { RunCancelledError, type RunBenchmark } from "../engine/run-events";
import { formatDuration } from "@relix/core/render/format";
import { primingBoundMs, stacksToPrime } from "@relix/core/stacks/jit-priming";
import { runStacks } from "../engine/plan/run-plan";
import { renderTableReport } from "@relix/core/render/terminal/table";
import { renderSummaryReport } from "@relix/core/render/terminal/summary-report";
import { evaluateThresholds, formatThresholdOutcome } from "@relix/core/render/terminal/thresholds";
import { explainRequest, parseCliArgs, type CliArgs } from "./args";
import { explainFindingCode, listFindingCodes } from "./explain";
import { renderHelp } from "./help";
import { planOutputs, prepareOutputs, writeOutputs, type OutputPlan } from "./output-files";
import { ProgressBar } from "./progress-bar";
import { UsageError } from "./usage-error";

export const EXIT = { ok: 0, thresholdFailed: 1, usage: 2, runFailed: 3, interrupted: 130, terminated: 143 } as const;

export interface CliStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export type Signal = "SIGINT" | "SIGTERM";

export interface CliContext {
  stdout: CliStream;
  stderr: CliStream;
  env: Readonly<Record<string, string | undefined>>;
  /** The process's working directory; INIT_CWD (set by pnpm) wins for resolving output paths. */
  cwd: string;
  /**
   * Loaded only for a real run, so --help and flag errors work even when the engine cannot load;
   * set up from `env` (service targets, tools), like everything else the CLI reads.
   */
  loadEngine: (env: CliContext["env"]) => Promise<RunBenchmark>;
  /** Subscribes to a signal; returns the unsubscribe. */
  onSignal: (signal: Signal, handler: () => void) => () => void;
  /** A second Ctrl-C: leave now, whatever the engine is doing. */
  forceExit: (code: number) => void;
}

function useColor(stream: CliStream, env: CliContext["env"], noColor: boolean): boolean {
  // https://no-color.org: any non-empty NO_COLOR disables colour.
  return stream.isTTY === true && !noColor && !env.NO_COLOR;
}

/** ", sweep records x network: 12 grid points (+ up to 8 refinement cells)" */
function sweepPlan(spec: RunSpec): string {
  if (!spec.sweep) return "";
  const points = spec.sweep.axes.reduce((n, a) => n * a.values.length, 1);
  const refine = searchedAxis(spec.sweep) ? ` (+ up to ${spec.sweep.refine.maxPoints} refinement cells)` : "";
  return `, sweep ${spec.sweep.axes.map((a) => a.dimension).join(" x ")}: ${points} grid points${refine}`;
}

function plan(requested: RunSpec): string {
  const spec = sweepListsApplied(requested);
  const perPoint = spec.sweep ? numericGrid(spec.sweep).length : 1;
  const cells = plannedCells(spec).length * perPoint;
  const measuring = estimateMeasuringMs(spec);
  const time = measuring === null ? "" : `, ~${formatDuration(measuring)} of measuring`;
  const placements = spec.network?.length ?? 1;
  const stacks = spec.stacks?.length ?? 2;
  const where = placements > 1 ? ` x ${placements} placements` : "";
  const through = stacks > 2 ? `${stacks} stacks` : "2 protocols";
  const bothWays = bothWaysPlanned(spec) ? " (+ the pair with one client for both)" : "";
  const light = spec.workloads.some((workload) => lightLoadMeasured(spec, workload))
    ? " (+ the pair at one call in flight)"
    : "";
  const priming = primingBoundMs(runStacks(spec), plannedCells(spec).length);
  const primed =
    priming > 0 ? ` (+ up to ${formatDuration(priming)} priming ${stacksToPrime(runStacks(spec)).join(", ")})` : "";
  return `relix-bench: ${spec.preset ?? "custom"}: ${cells} cell${cells === 1 ? "" : "s"}${where} x ${through}${bothWays}${light} x ${spec.trials} trial${spec.trials === 1 ? "" : "s"}${sweepPlan(spec)}${time}${primed}`;
}

function parse(argv: readonly string[], ctx: CliContext): CliArgs | number {
  try {
    return parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    ctx.stderr.write(`relix-bench: error: ${error.message} (see --help)\n`);
    return EXIT.usage;
  }
}

async function measure(spec: RunSpec, ctx: CliContext, progress: ProgressBar | null): Promise<RunResult | number> {
  let runBenchmark: RunBenchmark;
  try {
    runBenchmark = await ctx.loadEngine(ctx.env);
  } catch (error) {
    ctx.stderr.write(`relix-bench: cannot load the benchmark engine: ${(error as Error).message}\n`);
    return EXIT.runFailed;
  }
  const controller = new AbortController();
  let interrupted: Signal | null = null;
  const stop = (signal: Signal) => () => {
    if (interrupted) return ctx.forceExit(EXIT.interrupted);
    interrupted = signal;
    controller.abort();
    const message = "relix-bench: stopping the run and the services it started (Ctrl-C again to quit at once)";
    if (progress) progress.note(message);
    else ctx.stderr.write(`${message}\n`);
  };
  const unsubscribe = [ctx.onSignal("SIGINT", stop("SIGINT")), ctx.onSignal("SIGTERM", stop("SIGTERM"))];
  try {
    return await runBenchmark(spec, { signal: controller.signal, onEvent: (event) => progress?.handle(event) });
  } catch (error) {
    progress?.finish();
    if (interrupted || error instanceof RunCancelledError) {
      ctx.stderr.write("relix-bench: cancelled; nothing was written\n");
      return interrupted === "SIGTERM" ? EXIT.terminated : EXIT.interrupted;
    }
    ctx.stderr.write(`relix-bench: the run failed: ${(error as Error).message}\n`);
    return EXIT.runFailed;
  } finally {
    progress?.finish();
    for (const off of unsubscribe) off();
  }
}

async function report(
  result: RunResult,
  outputs: OutputPlan,
  args: Exclude<CliArgs, { help: true }>,
  ctx: CliContext,
): Promise<number> {
  const render = args.verbose ? renderTableReport : renderSummaryReport;
  ctx.stdout.write(render(result, { color: useColor(ctx.stdout, ctx.env, args.noColor) }));
  let code: number = EXIT.ok;
  for (const written of await writeOutputs(result, outputs)) {
    if (written.error) {
      ctx.stderr.write(`relix-bench: could not write ${written.path}: ${written.error}\n`);
      code = EXIT.runFailed;
    } else if (!args.quiet) ctx.stderr.write(`relix-bench: wrote ${written.path}\n`);
  }
  if (args.thresholds.length > 0) {
    const outcomes = evaluateThresholds(args.thresholds, result);
    const failed = outcomes.filter((o) => !o.passed).length;
    ctx.stdout.write(`\nThresholds: ${failed === 0 ? "all held" : `${failed} of ${outcomes.length} failed`}\n`);
    for (const outcome of outcomes) ctx.stdout.write(`${formatThresholdOutcome(outcome).join("\n")}\n`);
    if (failed > 0 && code === EXIT.ok) code = EXIT.thresholdFailed;
  }
  return code;
}

async function explain(code: string | null, ctx: CliContext): Promise<number> {
  if (code === null) {
    ctx.stdout.write(listFindingCodes());
    return EXIT.ok;
  }
  try {
    ctx.stdout.write(await explainFindingCode(code));
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    ctx.stderr.write(`relix-bench: error: ${error.message}\n`);
    return EXIT.usage;
  }
}

export async function runCli(argv: readonly string[], ctx: CliContext): Promise<number> {
  const code = explainRequest(argv);
  if (code !== undefined) {
    // A question about the reports, not a run: with a run's flags it would skip the run and exit 0.
    const others = argv.filter(
      (arg) => arg !== "--" && arg !== "--explain" && !arg.startsWith("--explain=") && arg !== code,
    );
    if (others.length > 0) {
      ctx.stderr.write(`relix-bench: error: --explain takes a code and nothing else (got ${others.join(" ")})\n`);
      return EXIT.usage;
    }
    return explain(code, ctx);
  }
  const args = parse(argv, ctx);
  if (typeof args === "number") return args;
  if (args.help) {
    ctx.stdout.write(renderHelp());
    return EXIT.ok;
  }
  let outputs: OutputPlan;
  try {
    outputs = planOutputs(args, ctx.env.INIT_CWD ?? ctx.cwd);
    await prepareOutputs(outputs);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    ctx.stderr.write(`relix-bench: error: ${error.message}\n`);
    return EXIT.usage;
  }

  const progress = args.quiet
    ? null
    : new ProgressBar(ctx.stderr, { color: useColor(ctx.stderr, ctx.env, args.noColor) });
  if (!args.quiet) ctx.stderr.write(`${plan(args.spec)}\n`);
  // The engine has attached a study preset's published figures, so the JSON stands on its own.
  const result = await measure(args.spec, ctx, progress);
  if (typeof result === "number") return result;
  return report(result, outputs, args, ctx);
}
