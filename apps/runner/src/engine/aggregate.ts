import {
  batchSpeedupCI,
  COMPARED_METRICS,
  createLatencyHistogram,
  decodeLatencyHistogram,
  median,
  speedupCI,
  structuredVerdictFor,
  type Comparison,
  type ComparedMetric,
  type ProtocolMeasure,
  type ProtocolSummary,
  type RatioCI,
} from "@relix/core";

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
    },
    generator: {
      tool: first.generator.tool,
      cpuFraction: medianOrNull(measures.map((m) => m.generator.cpuFraction)),
      saturated: measures.some((m) => m.generator.saturated),
      // Only results that recorded it: an older trial has no figure to take a median of.
      ...(measures.some((m) => m.generator.cpuMsPerRequest !== undefined)
        ? { cpuMsPerRequest: medianOrNull(measures.map((m) => m.generator.cpuMsPerRequest ?? null)) }
        : {}),
    },
  };
}

const metricValue = (m: ProtocolMeasure, metric: ComparedMetric) => (metric === "rps" ? m.rps : m.latencyMs[metric]);

const BATCH_KEY = { p50: "p50Ms", p99: "p99Ms", rps: "rps" } as const;

/**
 * Several trials: the between-trial bootstrap. One trial: batch means over its sub-windows when
 * both sides have enough of them, else the bootstrap's point estimate (flagged degenerate).
 */
function ratioCIOf(trials: Array<{ rest: ProtocolMeasure; grpc: ProtocolMeasure }>, metric: ComparedMetric): RatioCI {
  const rest = trials.map((t) => metricValue(t.rest, metric));
  const grpc = trials.map((t) => metricValue(t.grpc, metric));
  const only = trials.length === 1 ? trials[0]! : null;
  if (only?.rest.batches && only.grpc.batches) {
    const key = BATCH_KEY[metric];
    const ci = batchSpeedupCI(
      metric,
      { estimate: rest[0]!, batches: only.rest.batches[key] },
      { estimate: grpc[0]!, batches: only.grpc.batches[key] },
    );
    if (ci) return ci;
  }
  return speedupCI(metric, rest, grpc);
}

/**
 * gRPC vs REST on p50, p99 and rps: the per-trial values of each side, a 95% CI of the ratio
 * (ratioCIOf), and the sentence that says who won. A metric with a zero on either side (every
 * request failed) has no ratio and is left out.
 */
export function compareTrials(trials: Array<{ rest: ProtocolMeasure; grpc: ProtocolMeasure }>): Comparison[] {
  const comparisons: Comparison[] = [];
  for (const metric of COMPARED_METRICS) {
    const rest = trials.map((t) => metricValue(t.rest, metric));
    const grpc = trials.map((t) => metricValue(t.grpc, metric));
    if ([...rest, ...grpc].some((v) => !(v > 0))) continue;
    const ci = ratioCIOf(trials, metric);
    const verdict = structuredVerdictFor({ metric, ci });
    comparisons.push({ metric, ci, winner: verdict.winner, text: verdict.text });
  }
  return comparisons;
}

/** The headline: the p50 verdict, or why there is none. */
export function headlineVerdict(comparisons: Comparison[]): string {
  return comparisons.find((c) => c.metric === "p50")?.text ?? "no verdict: one side completed no successful request";
}
