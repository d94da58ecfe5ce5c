import {
  batchSpeedupCI,
  callsPerCoreSecond,
  COMPARED_METRICS,
  cpuPerCallOf,
  createLatencyHistogram,
  decodeLatencyHistogram,
  DEFAULT_MARGIN,
  launchSpeedupCI,
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

/** A trial's figure at a metric: latency in ms, throughput in calls/s, capacity in calls per core-second (0 when its CPU is unknown). */
function metricValue(m: ProtocolMeasure, metric: ComparedMetric): number {
  if (metric === "rps") return m.rps;
  if (metric === "capacity") return callsPerCoreSecond(m.server.cpuMsPer1000);
  return m.latencyMs[metric];
}

/** Each metric's figure per slice; batch means have no capacity figure (a sub-window's CPU is not read). */
const SLICE_KEY = { p50: "p50Ms", p99: "p99Ms", rps: "rps", capacity: "capacity" } as const;
const BATCH_KEY = { p50: "p50Ms", p99: "p99Ms", rps: "rps", capacity: null } as const;

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

/** The interval from the slices that took turns in each trial, or null when too few pair up (or the figure has none). */
function slicesCIOf({ base, other }: Sides, metric: ComparedMetric): RatioCI | null {
  if (!base.every((m) => m.slices) || !other.every((m) => m.slices)) return null;
  const key = SLICE_KEY[metric];
  const slicesOf = (m: ProtocolMeasure) => m.slices![key] ?? [];
  return pairedSpeedupCI(
    metric,
    { estimate: median(base.map((m) => metricValue(m, metric))), trials: base.map(slicesOf) },
    { estimate: median(other.map((m) => metricValue(m, metric))), trials: other.map(slicesOf) },
  );
}

/** One trial measured one block per side: batch means over its sub-windows, else (p50) a bootstrap of its calls. */
function oneBlockCIOf({ base, other }: Sides, metric: ComparedMetric): RatioCI | null {
  if (base.length !== 1 || other.length !== 1) return null;
  const [onlyBase, onlyOther] = [base[0]!, other[0]!];
  const key = BATCH_KEY[metric];
  if (key !== null && onlyBase.batches && onlyOther.batches) {
    const ci = batchSpeedupCI(
      metric,
      { estimate: metricValue(onlyBase, metric), batches: onlyBase.batches[key] },
      { estimate: metricValue(onlyOther, metric), batches: onlyOther.batches[key] },
    );
    if (ci) return ci;
  }
  if (metric !== "p50") return null;
  const baseSide = sampleSideOf(onlyBase);
  const otherSide = sampleSideOf(onlyOther);
  return baseSide && otherSide ? sampleSpeedupCI(metric, baseSide, otherSide) : null;
}

/**
 * The interval at two levels. Trials that were launches (every server started afresh per trial),
 * two or more: the interval over the launches' log ratios, which holds what differs from one
 * process to the next. Otherwise, within the run: the paired slices of every trial when enough of
 * them pair up; failing that (one block per side, or too few slices), one trial's sub-windows or
 * calls; else the between-trial bootstrap, which with one trial is its point estimate (degenerate).
 */
function ratioCIOf(sides: Sides, metric: ComparedMetric, options: CompareOptions): RatioCI {
  const baseValues = sides.base.map((m) => metricValue(m, metric));
  const otherValues = sides.other.map((m) => metricValue(m, metric));
  if (options.trialsAreLaunches === true) {
    const ci = launchSpeedupCI(metric, baseValues, otherValues);
    if (ci) return ci;
  }
  return slicesCIOf(sides, metric) ?? oneBlockCIOf(sides, metric) ?? speedupCI(metric, baseValues, otherValues);
}

/**
 * Each compared metric with both sides' values all positive in every trial: a zero means every
 * request failed, or for capacity that a server reported no CPU; either way there is no ratio.
 */
function comparableMetrics(sides: Sides): ComparedMetric[] {
  return COMPARED_METRICS.filter((metric) => [...sides.base, ...sides.other].every((m) => metricValue(m, metric) > 0));
}

export interface CompareOptions {
  /**
   * Under an emulated placement: how far apart the emulator alone can put the two sides, ms per
   * call (EMULATOR_PRECISION_MS). Each interval then carries it as a relative band, and a winner
   * is named only beyond it (or beyond the margin, whichever is larger). Absent on loopback.
   */
  emulatorPrecisionMs?: number;
  /**
   * The comparison's run-to-run spread at this metric and where it came from: this machine's
   * calibration of the same spec, the reference machine's, or an assumed one (@relix/core
   * presets/calibrations/reference-run-to-run.ts); undefined where there is none. Only this
   * machine's own widens an interval, so it covers what a rerun here would find; another
   * machine's is kept beside it for comparison (RatioCI.referenceSpread) and decides nothing.
   */
  runToRunNoise?: (metric: ComparedMetric) => Pick<RunToRunNoise, "spread" | "source"> | undefined;
  /**
   * The equivalence margin the verdicts are read against (the spec's `margin`, a fraction);
   * absent: DEFAULT_MARGIN. Recorded on every interval (RatioCI.margin).
   */
  margin?: number;
  /**
   * Every trial started the servers afresh (a launch): with two or more, the interval is taken over
   * the launches (stats/launch-interval.ts) instead of over the slices within them.
   */
  trialsAreLaunches?: boolean;
}

/**
 * The interval with the emulator's band at this metric: relative to the faster side's latency
 * (p99 for p99; p50 for p50 and for throughput, which in a closed loop moves with the latency).
 * Capacity has none: the emulator delays bytes, it does not change the server's CPU per call.
 */
function withEmulatorBand(ci: RatioCI, sides: Sides, metric: ComparedMetric, options: CompareOptions): RatioCI {
  if (options.emulatorPrecisionMs === undefined || metric === "capacity") return ci;
  const latency = metric === "p99" ? "p99" : "p50";
  const reference = Math.min(
    median(sides.base.map((m) => m.latencyMs[latency])),
    median(sides.other.map((m) => m.latencyMs[latency])),
  );
  return { ...ci, emulatorBand: emulatorBand(reference, options.emulatorPrecisionMs) };
}

/**
 * The interval widened by this machine's own run-to-run spread of the comparison, when it has one;
 * a spread measured elsewhere is only noted beside it (not a point estimate's: it has no interval).
 */
function withRunToRun(ci: RatioCI, metric: ComparedMetric, options: CompareOptions): RatioCI {
  if (ci.degenerate) return ci;
  const noise = options.runToRunNoise?.(metric);
  if (noise === undefined) return ci;
  if (noise.source !== "this-machine")
    return { ...ci, referenceSpread: { spread: noise.spread, source: noise.source } };
  return { ...widenedBy(ci, noise.spread), runToRunSpread: noise.spread };
}

/** The margin the interval is read against, recorded on it so a stored result says what decided it. */
const withMargin = (ci: RatioCI, options: CompareOptions): RatioCI => ({
  ...ci,
  margin: options.margin ?? DEFAULT_MARGIN,
});

/** One metric's interval with everything that decides its verdict: band, spread and margin. */
function comparedCI(sides: Sides, metric: ComparedMetric, options: CompareOptions, runToRun: boolean): RatioCI {
  const ci = withEmulatorBand(ratioCIOf(sides, metric, options), sides, metric, options);
  return withMargin(runToRun ? withRunToRun(ci, metric, options) : ci, options);
}

/**
 * gRPC vs REST on p50, p99, rps and capacity: the per-trial values of each side, a 95% CI of the
 * ratio (ratioCIOf), and the sentence that says who won. A metric with a zero on either side
 * (every request failed, or no server CPU figure for capacity) has no ratio and is left out.
 */
export function compareTrials(
  trials: Array<{ rest: ProtocolMeasure; grpc: ProtocolMeasure }>,
  options: CompareOptions = {},
): Comparison[] {
  const sides = { base: trials.map((t) => t.rest), other: trials.map((t) => t.grpc) };
  return comparableMetrics(sides).map((metric) => {
    const ci = comparedCI(sides, metric, options, true);
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
    const ci = comparedCI(sides, metric, options, true);
    const verdict = stackVerdictFor({ metric, ci, from: from.stack, to: to.stack });
    return { metric, ci, winner: verdict.winner, text: verdict.text };
  });
  return { from: from.stack, to: to.stack, comparisons, verdict: headlineVerdict(comparisons) };
}

/**
 * The same server driven by two client programs in the same trials (the layer walk's client step):
 * oriented like a speedup (> 1: the `to` program measured it faster), the sentences naming the
 * programs. No run-to-run spread: calibrations compare protocols and stacks, not client programs.
 */
export function compareClients(
  from: { tool: string; trials: ProtocolMeasure[] },
  to: { tool: string; trials: ProtocolMeasure[] },
  options: CompareOptions = {},
): ClientStep["comparisons"] {
  const sides = { base: from.trials, other: to.trials };
  return comparableMetrics(sides).map((metric) => {
    const ci = comparedCI(sides, metric, options, false);
    const verdict = structuredVerdictFor({ metric, ci, labels: { rest: from.tool, grpc: to.tool } });
    const winner = verdict.winner === "none" ? "none" : verdict.winner === "rest" ? "from" : "to";
    return { metric, ci, winner, text: verdict.text };
  });
}

/** The headline: the p50 verdict, or why there is none. */
export function headlineVerdict(comparisons: ReadonlyArray<{ metric: ComparedMetric; text: string }>): string {
  return comparisons.find((c) => c.metric === "p50")?.text ?? "no verdict: one side completed no successful request";
}
