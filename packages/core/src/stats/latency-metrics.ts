// The latency figures Relix reports for each protocol, defined once: the result summary's fields,
// the --threshold metrics, the CSV columns, `pnpm bench --help` and the web report's percentile rows
// all come from this list, in this order.

export const LATENCY_METRICS = [
  { key: "p50", label: "p50", kind: "percentile", percentile: 50 },
  { key: "p90", label: "p90", kind: "percentile", percentile: 90 },
  { key: "p95", label: "p95", kind: "percentile", percentile: 95 },
  { key: "p99", label: "p99", kind: "percentile", percentile: 99 },
  { key: "p999", label: "p99.9", kind: "percentile", percentile: 99.9 },
  // The edges are read like percentiles (p100, p0): see LatencyHistogram.summary().
  { key: "max", label: "max", kind: "extreme", percentile: 100 },
  { key: "min", label: "min", kind: "extreme", percentile: 0 },
  { key: "mean", label: "mean", kind: "moment", percentile: null },
  { key: "stddev", label: "stddev", kind: "moment", percentile: null },
] as const;

export type LatencyMetricDefinition = (typeof LATENCY_METRICS)[number];
export type LatencyMetric = LatencyMetricDefinition["key"];

/** The summary field names, in report order: p50 p90 p95 p99 p999 max min mean stddev. */
export const latencyMetricKeys = LATENCY_METRICS.map((m) => m.key) as readonly LatencyMetric[];

/** The percentiles proper (p50 to p99.9), as percentile charts and tables list them. */
export const PERCENTILE_METRICS = LATENCY_METRICS.filter(
  (m): m is Extract<LatencyMetricDefinition, { kind: "percentile" }> => m.kind === "percentile",
);
