// CI gates: `--threshold 'grpc.p99<5ms'`. A threshold holds when every cell it applies to
// satisfies it; one that matches no cell fails, because a gate that checked nothing must not pass.
//
//   [WORKLOAD[@CACHE]:]SUBJECT.METRIC OP VALUE
//   SUBJECT  rest | grpc   METRIC one of the latency metrics (stats/latency-metrics.ts: p50 ... p999,
//                                 max, min, mean, stddev; VALUE with us, ms or s),
//                                 rps (requests/s) | errors (failed calls)
//   SUBJECT  ratio         METRIC a compared metric (p50 | p99 | rps), optionally .low or .high (the
//                                 95% CI bounds); the speedup, above 1 when gRPC did better
//   OP       < <= > >=
import type { CellResult, RunResult } from "../../index";
import { latencyMetricKeys } from "../../stats/latency-metrics";
import { COMPARED_METRICS } from "../../stats/speedup";

export const latencyMetrics = latencyMetricKeys;
export const sideMetrics = [...latencyMetrics, "rps", "errors"] as const;
export const ratioMetrics = COMPARED_METRICS;
const cacheModes = ["warm", "cold", "miss", "memory", "none"] as const;

type Operator = "<=" | ">=" | "<" | ">";

export type Threshold = {
  /** As the user wrote it, for messages. */
  source: string;
  workload?: string;
  cacheMode?: (typeof cacheModes)[number];
  op: Operator;
  /** Latency in ms, rps in requests/s, errors as a count, ratios as they are. */
  value: number;
} & (
  | { subject: "rest" | "grpc"; metric: (typeof sideMetrics)[number] }
  | { subject: "ratio"; metric: (typeof ratioMetrics)[number]; bound: "estimate" | "low" | "high" }
);

export class ThresholdSyntaxError extends Error {
  constructor(source: string, problem: string) {
    super(`bad threshold "${source}": ${problem}`);
    this.name = "ThresholdSyntaxError";
  }
}

const EXAMPLE = "e.g. grpc.p99<5ms, rest.rps>=1000, ratio.p50>1.2, item.get@warm:grpc.p50<=800us";
const UNIT_MS: Record<string, number> = { us: 0.001, µs: 0.001, ms: 1, s: 1000 };

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

function parseValue(source: string, text: string, latency: boolean): number {
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*([a-zµ]*)$/i.exec(text.trim());
  if (!match) throw new ThresholdSyntaxError(source, `"${text}" is not a number (${EXAMPLE})`);
  const number = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  if (latency) {
    // No default unit: "5" could be read as 5 ms or 5 s, and a gate must not be ambiguous.
    if (unit === "")
      throw new ThresholdSyntaxError(source, `a latency needs a unit: us, ms or s (e.g. ${text.trim()}ms)`);
    const factor = UNIT_MS[unit];
    if (factor === undefined)
      throw new ThresholdSyntaxError(source, `unknown latency unit "${match[2]}" (use us, ms or s)`);
    return number * factor;
  }
  if (unit !== "" && unit !== "x")
    throw new ThresholdSyntaxError(source, `this metric takes a plain number, not "${text.trim()}"`);
  return number;
}

export function parseThreshold(source: string): Threshold {
  const text = source.trim();
  const opMatch = /(<=|>=|<|>)/.exec(text);
  if (!opMatch) throw new ThresholdSyntaxError(source, `no comparison (<, <=, >, >=) found (${EXAMPLE})`);
  const left = text.slice(0, opMatch.index).trim();
  const right = text.slice(opMatch.index + opMatch[0].length);
  const op = opMatch[0] as Operator;

  const colon = left.lastIndexOf(":");
  const scope = colon === -1 ? "" : left.slice(0, colon);
  const target = colon === -1 ? left : left.slice(colon + 1);
  let workload: string | undefined;
  let cacheMode: Threshold["cacheMode"];
  if (colon !== -1) {
    const [name, mode, extra] = scope.split("@");
    if (!name || extra !== undefined)
      throw new ThresholdSyntaxError(source, `the scope "${scope}" should be WORKLOAD or WORKLOAD@CACHE`);
    if (mode !== undefined && !includes(cacheModes, mode)) {
      throw new ThresholdSyntaxError(source, `unknown cache mode "${mode}" (use ${cacheModes.join(", ")})`);
    }
    workload = name;
    cacheMode = mode;
  }
  const scoped = { source, op, ...(workload ? { workload } : {}), ...(cacheMode ? { cacheMode } : {}) };

  const [subject, metric, bound, ...rest] = target.split(".");
  if (!subject || !metric || rest.length > 0)
    throw new ThresholdSyntaxError(source, `expected SUBJECT.METRIC before "${op}" (${EXAMPLE})`);
  if (subject === "rest" || subject === "grpc") {
    if (!includes(sideMetrics, metric) || bound !== undefined) {
      throw new ThresholdSyntaxError(
        source,
        `unknown metric "${target.slice(subject.length + 1)}" for ${subject} (use ${sideMetrics.join(", ")})`,
      );
    }
    return { ...scoped, subject, metric, value: parseValue(source, right, includes(latencyMetrics, metric)) };
  }
  if (subject === "ratio") {
    if (!includes(ratioMetrics, metric))
      throw new ThresholdSyntaxError(source, `unknown ratio "${metric}" (use ${ratioMetrics.join(", ")})`);
    if (bound !== undefined && bound !== "low" && bound !== "high") {
      throw new ThresholdSyntaxError(
        source,
        `unknown ratio bound "${bound}" (use ratio.${metric}, ratio.${metric}.low or ratio.${metric}.high)`,
      );
    }
    return { ...scoped, subject, metric, bound: bound ?? "estimate", value: parseValue(source, right, false) };
  }
  throw new ThresholdSyntaxError(source, `unknown subject "${subject}" (use rest, grpc or ratio)`);
}

export interface ThresholdCheck {
  workload: string;
  cacheMode: CellResult["cacheMode"];
  /** In the threshold's canonical unit (ms for latency); null when the cell has no such value. */
  measured: number | null;
  passed: boolean;
}

export interface ThresholdOutcome {
  threshold: Threshold;
  passed: boolean;
  checks: ThresholdCheck[];
}

function measuredOf(threshold: Threshold, cell: CellResult): number | null {
  if (threshold.subject === "ratio") {
    const comparison = cell.comparisons.find((c) => c.metric === threshold.metric);
    return comparison ? comparison.ci[threshold.bound] : null;
  }
  const side = cell[threshold.subject];
  if (threshold.metric === "rps") return side.rps;
  if (threshold.metric === "errors") return side.errors.total;
  // No successful call means no latency: that fails a latency gate rather than passing as 0 ms.
  return side.latencyMs.count > 0 ? side.latencyMs[threshold.metric] : null;
}

const compare: Record<Operator, (a: number, b: number) => boolean> = {
  "<": (a, b) => a < b,
  "<=": (a, b) => a <= b,
  ">": (a, b) => a > b,
  ">=": (a, b) => a >= b,
};

export function evaluateThreshold(threshold: Threshold, result: RunResult): ThresholdOutcome {
  const cells = result.cells.filter(
    (c) =>
      (threshold.workload === undefined || c.workload === threshold.workload) &&
      (threshold.cacheMode === undefined || c.cacheMode === threshold.cacheMode),
  );
  const checks = cells.map((cell) => {
    const measured = measuredOf(threshold, cell);
    return {
      workload: cell.workload,
      cacheMode: cell.cacheMode,
      measured,
      passed: measured !== null && compare[threshold.op](measured, threshold.value),
    };
  });
  return { threshold, checks, passed: checks.length > 0 && checks.every((c) => c.passed) };
}

export function evaluateThresholds(thresholds: readonly Threshold[], result: RunResult): ThresholdOutcome[] {
  return thresholds.map((t) => evaluateThreshold(t, result));
}

function formatMeasured(threshold: Threshold, value: number | null): string {
  if (value === null) return "not measured";
  if (threshold.subject === "ratio") return `${value.toFixed(3)}x`;
  if (threshold.metric === "rps") return `${value.toFixed(1)} rps`;
  if (threshold.metric === "errors") return `${value} errors`;
  return `${value.toFixed(3)} ms`;
}

/** One line per threshold, and for a failed one the cells that failed it with their values. */
export function formatThresholdOutcome(outcome: ThresholdOutcome): string[] {
  const { threshold } = outcome;
  if (outcome.checks.length === 0) return [`FAIL  ${threshold.source}: no cell of this run matches it`];
  const cell = (c: ThresholdCheck) => (c.cacheMode === "none" ? c.workload : `${c.workload}@${c.cacheMode}`);
  if (outcome.passed) {
    const values = outcome.checks.map((c) => `${cell(c)} ${formatMeasured(threshold, c.measured)}`).join(", ");
    return [`pass  ${threshold.source} (${values})`];
  }
  return [
    `FAIL  ${threshold.source}`,
    ...outcome.checks
      .filter((c) => !c.passed)
      .map((c) => `        ${cell(c)}: measured ${formatMeasured(threshold, c.measured)}`),
  ];
}
