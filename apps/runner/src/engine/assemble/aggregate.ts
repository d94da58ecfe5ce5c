import {
  batchSpeedupCI,
  COMPARED_METRICS,
  cpuPerCallOf,
  createLatencyHistogram,
  decodeLatencyHistogram,
  median,
  pairedSpeedupCI,
  sampleSpeedupCI,
  speedupCI,
  stackVerdictFor,
  structuredVerdictFor,
  type ClientStep,
  type Comparison,
  type ComparedMetric,
  type ProtocolMeasure,
  type ProtocolSummary,
  type RatioCI,
  type SampleSide,
  type StackComparison,
  type StackId,
  type StackPair,
} from "@relix/core";
import { emulatorBand } from "@relix/core/network/emulator-precision";
import { widenedBy } from "@relix/core/stats/run-to-run";
import type { RunToRunNoise } from "@relix/core/stats/run-to-run-book";

const medianOrNull = (values: Array<number | null>): number | null => {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return present.length === 0 ? null : median(present);
};

/** The median of each figure of several summaries; undefined unless every trial has one. */
function medianSummary(
  summaries: Array<ProtocolMeasure["latencyMs"] | undefined>,
): ProtocolMeasure["latencyMs"] | undefined {
  if (summaries.length === 0 || summaries.some((s) => s === undefined)) return undefined;
  const present = summaries as Array<ProtocolMeasure["latencyMs"]>;
  const keys = Object.keys(present[0]!) as Array<keyof ProtocolMeasure["latencyMs"]>;
  const out = Object.fromEntries(
    keys.map((k) => [k, median(present.map((s) => s[k]))]),
  ) as ProtocolMeasure["latencyMs"];
  out.count = Math.round(out.count);
  return out;
}

/**
 * The median of each part of the split across trials, when the trials recorded one (null when a
 * trial's server did not report it). Medians of parts need not add up exactly to the median
 * server time; each part is still a typical trial's.
 */
function splitSummary(measures: ProtocolMeasure[]): { split?: ProtocolSummary["server"]["split"] } {
  if (measures.every((m) => m.server.split === undefined)) return {};
  const splits = measures.map((m) => m.server.split ?? null);
  if (splits.some((s) => s === null)) return { split: null };
  const present = splits as Array<NonNullable<(typeof splits)[number]>>;
  return {
    split: {
      serviceMs: median(present.map((s) => s.serviceMs)),
      codecMs: median(present.map((s) => s.codecMs)),
      restMs: median(present.map((s) => s.restMs)),
    },
  };
}

/**
 * One protocol across trials: the median of every figure, and the merge of the histograms
 * (so the percentile curve uses every sample, not a median of curves).
 */
export function summariseProtocol(measures: ProtocolMeasure[]): ProtocolSummary {
  const first = measures[0]!;
  const merged = createLatencyHistogram();
  for (const m of measures) merged.merge(decodeLatencyHistogram(m.histogram));
  const latencyKeys = Object.keys(first.latencyMs) as Array<keyof ProtocolMeasure["latencyMs"]>;
  const latencyMs = Object.fromEntries(
    latencyKeys.map((k) => [k, median(measures.map((m) => m.latencyMs[k]))]),
  ) as ProtocolMeasure["latencyMs"];
  latencyMs.count = Math.round(latencyMs.count);
  const correctedLatencyMs = medianSummary(measures.map((m) => m.correctedLatencyMs));
  const byCode: Record<string, number> = {};
  for (const m of measures)
    for (const [code, n] of Object.entries(m.errors.byCode)) byCode[code] = (byCode[code] ?? 0) + n;
  const wire = measures.map((m) => m.server.wireBytesPerRequest);
  return {
    protocol: first.protocol,
    ...(first.stack ? { stack: first.stack } : {}),
    rps: median(measures.map((m) => m.rps)),
    requests: Math.round(median(measures.map((m) => m.requests))),
    // Errors are summed over the trials (total and by code alike): a failure in any trial counts.
    errors: { total: measures.reduce((sum, m) => sum + m.errors.total, 0), byCode },
    latencyMs,
    ...(correctedLatencyMs && first.latencyCorrection
      ? { correctedLatencyMs, latencyCorrection: first.latencyCorrection }
      : {}),
    histogram: merged.encode(),
    connections: first.connections,
    server: {
      cpuMsPer1000: medianOrNull(measures.map((m) => m.server.cpuMsPer1000)),
      peakRssBytes: medianOrNull(measures.map((m) => m.server.peakRssBytes)),
      serverTimeMsMean: medianOrNull(measures.map((m) => m.server.serverTimeMsMean)),
      cacheHitRatio: medianOrNull(measures.map((m) => m.server.cacheHitRatio)),
      wireBytesPerRequest: wire.every((w) => w !== null)
        ? { received: median(wire.map((w) => w.received)), sent: median(wire.map((w) => w.sent)) }
        : null,
      ...splitSummary(measures),
    },
    generator: {
      tool: first.generator.tool,
      cpuFraction: medianOrNull(measures.map((m) => m.generator.cpuFraction)),
      saturated: measures.some((m) => m.generator.saturated),
      // Only results that recorded it: an older trial has no figure to take a median of.
      ...(measures.some((m) => m.generator.cpuMsPerRequest !== undefined)
        ? { cpuMsPerRequest: medianOrNull(measures.map((m) => m.generator.cpuMsPerRequest ?? null)) }
        : {}),
      ...(measures.every((m) => m.generator.cpuSpan === "window") ? { cpuSpan: "window" as const } : {}),
    },
    // Each end's median over the trials, and their sum.
    ...(measures.some((m) => m.cpuMsPerCall !== undefined)
      ? {
          cpuMsPerCall: cpuPerCallOf(
            medianOrNull(measures.map((m) => m.cpuMsPerCall?.client ?? null)),
            medianOrNull(measures.map((m) => m.server.cpuMsPer1000)),
          ),
        }
      : {}),
  };
}

const metricValue = (m: ProtocolMeasure, metric: ComparedMetric) => (metric === "rps" ? m.rps : m.latencyMs[metric]);

const BATCH_KEY = { p50: "p50Ms", p99: "p99Ms", rps: "rps" } as const;

/**
 * Two sides measured in the same trials (index i of each is trial i): `base` is the ratio's
 * reference (REST, or the stack compared against), `other` the side a ratio > 1 favours.
 */
interface Sides {
  base: ProtocolMeasure[];
  other: ProtocolMeasure[];
}

/** A one-trial side's kept latencies for the p50 sample bootstrap, or null when it kept none. */
function sampleSideOf(measure: ProtocolMeasure): SampleSide | null {
  const samples = measure.batches?.latenciesMs;
  if (samples === undefined) return null;
  return { estimate: measure.latencyMs.p50, samples, calls: measure.latencyMs.count };
}

/**
 * Interleaved trials: the paired slices of every trial when enough of them pair up. Otherwise
 * (results measured one block per side, or too few slices): several trials, the between-trial
 * bootstrap; one trial, batch means over its sub-windows when both sides have enough of them;
 * for p50, failing that, a bootstrap of the window's calls when both sides kept enough of them;
 * else the bootstrap's point estimate (flagged degenerate).
 */
function ratioCIOf({ base, other }: Sides, metric: ComparedMetric): RatioCI {
  const baseValues = base.map((m) => metricValue(m, metric));
  const otherValues = other.map((m) => metricValue(m, metric));
  if (base.every((m) => m.slices) && other.every((m) => m.slices)) {
    const key = BATCH_KEY[metric];
    const ci = pairedSpeedupCI(
      metric,
      { estimate: median(baseValues), trials: base.map((m) => m.slices![key]) },
      { estimate: median(otherValues), trials: other.map((m) => m.slices![key]) },
    );
    if (ci) return ci;
  }
  const onlyBase = base.length === 1 ? base[0]! : null;
  const onlyOther = other.length === 1 ? other[0]! : null;
  if (onlyBase?.batches && onlyOther?.batches) {
    const key = BATCH_KEY[metric];
    const ci = batchSpeedupCI(
      metric,
      { estimate: baseValues[0]!, batches: onlyBase.batches[key] },
      { estimate: otherValues[0]!, batches: onlyOther.batches[key] },
    );
    if (ci) return ci;
  }
  if (metric === "p50" && onlyBase && onlyOther) {
    const baseSide = sampleSideOf(onlyBase);
    const otherSide = sampleSideOf(onlyOther);
    const ci = baseSide && otherSide ? sampleSpeedupCI(metric, baseSide, otherSide) : null;
    if (ci) return ci;
  }
  return speedupCI(metric, baseValues, otherValues);
}

/** Each compared metric with both sides' values all positive (a zero means every request failed: no ratio). */
function comparableMetrics(sides: Sides): ComparedMetric[] {
  return COMPARED_METRICS.filter((metric) => [...sides.base, ...sides.other].every((m) => metricValue(m, metric) > 0));
}

export interface CompareOptions {
  /**
   * Under an emulated placement: how far apart the emulator alone can put the two sides, ms per
   * call (EMULATOR_PRECISION_MS). Each interval then carries it as a relative band, and a winner
   * is named only beyond it. Absent on loopback.
   */
  emulatorPrecisionMs?: number;
  /**
   * The comparison's run-to-run spread at this metric and where it came from: this machine's
   * calibration of the same spec, the reference machine's, or an assumed one (@relix/core
   * presets/calibrations/reference-run-to-run.ts); undefined where there is none. Each interval is widened by
   * it, so it covers what a rerun would find.
   */
  runToRunNoise?: (metric: ComparedMetric) => Pick<RunToRunNoise, "spread" | "source" | "withholdsWinner"> | undefined;
}

/**
 * The interval with the emulator's band at this metric: relative to the faster side's latency
 * (p99 for p99; p50 for p50 and for throughput, which in a closed loop moves with the latency).
 */
function withEmulatorBand(ci: RatioCI, sides: Sides, metric: ComparedMetric, options: CompareOptions): RatioCI {
  if (options.emulatorPrecisionMs === undefined) return ci;
  const latency = metric === "p99" ? "p99" : "p50";
  const reference = Math.min(
    median(sides.base.map((m) => m.latencyMs[latency])),
    median(sides.other.map((m) => m.latencyMs[latency])),
  );
  return { ...ci, emulatorBand: emulatorBand(reference, options.emulatorPrecisionMs) };
}

/** The interval widened by the comparison's run-to-run spread, when it has one (not a point estimate's). */
function withRunToRun(ci: RatioCI, metric: ComparedMetric, options: CompareOptions): RatioCI {
  // A point estimate has no interval to widen: its spread is not looked up, so the run's fact lists only those applied.
  if (ci.degenerate) return ci;
  const noise = options.runToRunNoise?.(metric);
  if (noise === undefined) return ci;
  return {
    ...widenedBy(ci, noise.spread),
    runToRunSpread: noise.spread,
    ...(noise.source === "this-machine" ? {} : { runToRunSource: noise.source }),
    ...(noise.withholdsWinner ? { winnerWithheld: true as const } : {}),
  };
}

/**
 * gRPC vs REST on p50, p99 and rps: the per-trial values of each side, a 95% CI of the ratio
 * (ratioCIOf), and the sentence that says who won. A metric with a zero on either side (every
 * request failed) has no ratio and is left out.
 */
export function compareTrials(
  trials: Array<{ rest: ProtocolMeasure; grpc: ProtocolMeasure }>,
  options: CompareOptions = {},
): Comparison[] {
  const sides = { base: trials.map((t) => t.rest), other: trials.map((t) => t.grpc) };
  return comparableMetrics(sides).map((metric) => {
    const ci = withRunToRun(withEmulatorBand(ratioCIOf(sides, metric), sides, metric, options), metric, options);
    const verdict = structuredVerdictFor({ metric, ci });
    return { metric, ci, winner: verdict.winner, text: verdict.text };
  });
}

/**
 * One stack against another over the same trials, by the same machinery as compareTrials: the
 * ratio is oriented like a speedup (> 1: `to` did better), the sentences name the stacks.
 */
export function compareStacks(
  from: { stack: StackId; trials: ProtocolMeasure[] },
  to: { stack: StackId; trials: ProtocolMeasure[] },
  options: CompareOptions = {},
): StackPair {
  const sides = { base: from.trials, other: to.trials };
  const comparisons: StackComparison[] = comparableMetrics(sides).map((metric) => {
    const ci = withRunToRun(withEmulatorBand(ratioCIOf(sides, metric), sides, metric, options), metric, options);
    const verdict = stackVerdictFor({ metric, ci, from: from.stack, to: to.stack });
    return { metric, ci, winner: verdict.winner, text: verdict.text };
  });
  return { from: from.stack, to: to.stack, comparisons, verdict: headlineVerdict(comparisons) };
}

/**
 * The same server driven by two client programs in the same trials (the layer walk's client step):
 * oriented like a speedup (> 1: the `to` program measured it faster), the sentences naming the programs.
 */
export function compareClients(
  from: { tool: string; trials: ProtocolMeasure[] },
  to: { tool: string; trials: ProtocolMeasure[] },
  options: CompareOptions = {},
): ClientStep["comparisons"] {
  const sides = { base: from.trials, other: to.trials };
  return comparableMetrics(sides).map((metric) => {
    const ci = withEmulatorBand(ratioCIOf(sides, metric), sides, metric, options);
    const verdict = structuredVerdictFor({ metric, ci, labels: { rest: from.tool, grpc: to.tool } });
    const winner = verdict.winner === "none" ? "none" : verdict.winner === "rest" ? "from" : "to";
    return { metric, ci, winner, text: verdict.text };
  });
}

/** The headline: the p50 verdict, or why there is none. */
export function headlineVerdict(comparisons: ReadonlyArray<{ metric: ComparedMetric; text: string }>): string {
  return comparisons.find((c) => c.metric === "p50")?.text ?? "no verdict: one side completed no successful request";
}
