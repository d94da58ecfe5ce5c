// Public API of @relix/core/stats: one latency definition and one comparison for both protocols.
export {
  LatencyHistogram,
  createLatencyHistogram,
  decodeLatencyHistogram,
  encodedLatencyHistogramSchema,
} from "./latency-histogram";
export {
  LATENCY_METRICS,
  PERCENTILE_METRICS,
  latencyMetricKeys,
  type LatencyMetric,
  type LatencyMetricDefinition,
} from "./latency-metrics";
export { latencySummarySchema, usToMs, EMPTY_LATENCY_SUMMARY, type LatencySummary } from "./latency-summary";
export { percentileLevels, type PercentilePoint } from "./percentile-curve";
export { median, quantile, quantileSorted } from "./median";
export { mulberry32, type Random } from "./seeded-random";
export {
  bootstrapRatioCI,
  ratioCISchema,
  ratioDirectionSchema,
  DEFAULT_BOOTSTRAP_SEED,
  type BootstrapOptions,
  type RatioCI,
  type RatioDirection,
} from "./bootstrap";
export { batchMeansRatioCI, tQuantile975, MIN_BATCHES, type BatchSide } from "./batch-means";
export { pairedSlicesRatioCI, sliceSpread, MIN_PAIRS, type SlicedSide } from "./paired-slices";
export { launchRatioCI, MIN_LAUNCHES } from "./launch-interval";
export { DEFAULT_MARGIN, MAX_MARGIN, sideOfMargin, type MarginSide } from "./equivalence-margin";
export { sampleBootstrapRatioCI, MIN_SAMPLES_FOR_BOOTSTRAP, type SampleSide } from "./sample-bootstrap";
export {
  COMPARED_METRICS,
  speedupCI,
  batchSpeedupCI,
  sampleSpeedupCI,
  pairedSpeedupCI,
  launchSpeedupCI,
  callsPerCoreSecond,
  ratioDirectionFor,
  type ComparedMetric,
} from "./speedup";
export {
  verdictFiguresOf,
  detectableDifference,
  clearOfParity,
  type VerdictFigures,
  type VerdictInput,
  type Winner,
} from "./verdict";
export { clientGapShare, gapShare, MOST_OF_A_GAP } from "./gap-shares";
export {
  runToRunSpread,
  keptRunToRunSpread,
  widenedBy,
  leaveOneOutCheck,
  earlierSpreadCheck,
  MIN_RUNS_FOR_SPREAD,
  type WidenedCheck,
} from "./run-to-run";
export {
  comparisonCellName,
  comparisonName,
  emptyRunToRunBook,
  HEADLINE_PAIR_NAME,
  runToRunBookSchema,
  runToRunLookup,
  runToRunScope,
  withEntries,
  type RunToRunBook,
  type RunToRunEntry,
  type RunToRunLookup,
} from "./run-to-run-book";
export { capacityOf, bothSaturated, SATURATED_CORE_SHARE, type CapacityFigures } from "./capacity";
export { varianceLevels, type VarianceLevels } from "./variance-levels";
