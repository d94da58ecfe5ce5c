/**
 * wrk 4 does not print the latencies it measured: before printing it "corrects" its histogram for
 * coordinated omission (src/wrk.c: `stats_correct(statistics.latency, runtime_us / (complete /
 * connections))`), adding for every latency L >= 2 x interval the synthetic values L - interval,
 * L - 2 x interval, ... while above the interval, where the interval is the run's mean time
 * between two requests on one connection. Its mean, percentiles and max all include them, so a
 * closed-loop run shows a mean above connections / rps. Relix records raw latencies (service
 * time). To compare like with like, this applies the same correction to a Relix histogram
 * (HdrHistogram's copyCorrectedForCoordinatedOmission: the same rule, the boundary taken as >=).
 */
import { decodeFromCompressedBase64 } from "hdr-histogram-js";

export interface CorrectedLatency {
  /** The interval wrk would have used, in ms. */
  intervalMs: number;
  p50Ms: number;
  meanMs: number;
  /** Values in the corrected histogram / values measured. */
  inflation: number;
}

/** `encoded`: a relix.result/v1 histogram (µs); `windowMs` and `responses`: what it was measured over. */
export function withWrkCorrection(
  encoded: string,
  { windowMs, responses, connections }: { windowMs: number; responses: number; connections: number },
): CorrectedLatency {
  const measured = decodeFromCompressedBase64(encoded, 64, false);
  const perConnection = Math.floor(responses / connections); // wrk's integer division
  if (perConnection === 0) throw new Error("too few responses per connection to apply wrk's correction");
  const intervalUs = Math.floor((windowMs * 1000) / perConnection);
  const corrected = measured.copyCorrectedForCoordinatedOmission(intervalUs);
  return {
    intervalMs: intervalUs / 1000,
    p50Ms: corrected.getValueAtPercentile(50) / 1000,
    meanMs: corrected.mean / 1000,
    inflation: corrected.totalCount / measured.totalCount,
  };
}
