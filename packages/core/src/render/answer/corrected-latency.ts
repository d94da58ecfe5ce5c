// An open loop's latency in two versions, raw and corrected for coordinated omission: what every
// report shows when a result has both.
import type { RunResult } from "../../result/result-schema";

/** An open loop's result carries latency corrected for coordinated omission beside the raw one. */
export const hasCorrectedLatency = (result: RunResult): boolean =>
  result.cells.some((c) => c.rest.correctedLatencyMs !== undefined || c.grpc.correctedLatencyMs !== undefined);

/** What the two sets of latency columns mean. */
export const CORRECTED_LEGEND =
  "raw = from each request's actual send; corrected = from its intended send time (coordinated omission corrected: see the open-loop note). Speedups and verdicts use the raw figures.";
