// One HDR histogram per protocol per trial, fed every request's client-side latency. Both sides
// go through this wrapper so REST and gRPC get the same resolution and the same percentile maths.
//
// Choices:
// - integer microseconds, 3 significant digits: sub-millisecond results stay distinct (0.3 ms vs
//   0.6 ms), and the error is at most 0.1% of the value at any scale;
// - pure-JS histograms, not WebAssembly: wasm needs an async init and an explicit destroy(), and
//   a results page may decode these in the browser; the JS version works unchanged in Node and
//   in a browser bundle (hdr's "browser" build);
// - 64-bit (float) counters: merging many long trials can never overflow a bucket.
import { build, decodeFromCompressedBase64, encodeIntoCompressedBase64, type Histogram } from "hdr-histogram-js";
import { z } from "zod";
import { EMPTY_LATENCY_SUMMARY, usToMs, type LatencySummary } from "./latency-summary";
import { percentileLevels, type PercentilePoint } from "./percentile-curve";

const SIGNIFICANT_DIGITS = 3;
/** 120 s: longer than any request timeout (autocannon 10 s, ghz 20 s); it still grows past that. */
const HIGHEST_TRACKABLE_US = 120_000_000;
const BIT_BUCKET_SIZE = 64;

export class LatencyHistogram {
  readonly #hdr: Histogram;

  private constructor(hdr: Histogram) {
    hdr.autoResize = true; // decoded histograms come back fixed-size
    this.#hdr = hdr;
  }

  static create(): LatencyHistogram {
    return new LatencyHistogram(
      build({
        bitBucketSize: BIT_BUCKET_SIZE,
        numberOfSignificantValueDigits: SIGNIFICANT_DIGITS,
        lowestDiscernibleValue: 1,
        highestTrackableValue: HIGHEST_TRACKABLE_US,
        autoResize: true,
        useWebAssembly: false,
      }),
    );
  }

  /** Reverses encode(); throws on anything that is not an encoded histogram. */
  static decode(encoded: string): LatencyHistogram {
    let hdr: Histogram;
    try {
      hdr = decodeFromCompressedBase64(encoded, BIT_BUCKET_SIZE, false);
    } catch (cause) {
      throw new Error("not an encoded latency histogram", { cause });
    }
    return new LatencyHistogram(hdr);
  }

  get count(): number {
    return this.#hdr.totalCount;
  }

  /**
   * latencyUs may be fractional (hrtime maths); it is rounded to the nearest µs. Anything under
   * 1 µs is recorded as 1 µs: it is below clock resolution, and hdr would not count a 0 in min.
   */
  record(latencyUs: number): void {
    if (!(Number.isFinite(latencyUs) && latencyUs >= 0)) {
      throw new RangeError(`latency must be a finite number of µs >= 0, got ${latencyUs}`);
    }
    this.#hdr.recordValue(Math.max(1, Math.round(latencyUs)));
  }

  /**
   * Records latencyUs and, when it exceeds expectedIntervalUs, the values the requests queued
   * behind it would have seen (latencyUs - k * interval, down to the interval): HdrHistogram's
   * correction for a generator that waited instead of sending on schedule.
   */
  recordCorrected(latencyUs: number, expectedIntervalUs: number): void {
    if (!(Number.isFinite(latencyUs) && latencyUs >= 0)) {
      throw new RangeError(`latency must be a finite number of µs >= 0, got ${latencyUs}`);
    }
    if (!(expectedIntervalUs >= 1))
      throw new RangeError(`expected interval must be >= 1 µs, got ${expectedIntervalUs}`);
    this.#hdr.recordValueWithExpectedInterval(Math.max(1, Math.round(latencyUs)), Math.round(expectedIntervalUs));
  }

  /** Adds other's samples into this one (e.g. trials of one protocol); other is unchanged. */
  merge(other: LatencyHistogram): void {
    this.#hdr.add(other.#hdr);
  }

  summary(): LatencySummary {
    const h = this.#hdr;
    if (h.totalCount === 0) return { ...EMPTY_LATENCY_SUMMARY };
    // min and max are read like every percentile (p0 and p100: the edges of their hdr buckets), not
    // from the raw extremes: a decoded histogram only knows buckets, so this keeps a summary the same
    // before and after encode/decode, and keeps max >= p999.
    const at = (percentile: number) => usToMs(h.getValueAtPercentile(percentile));
    return {
      count: h.totalCount,
      p50: at(50),
      p90: at(90),
      p95: at(95),
      p99: at(99),
      p999: at(99.9),
      max: at(100),
      min: at(0),
      mean: usToMs(h.mean),
      stddev: usToMs(h.stdDeviation),
    };
  }

  /** Points for an HDR percentile plot (x = 1 / (1 - percentile/100), log scale); [] when empty. */
  percentileCurve(maxPoints = 100): PercentilePoint[] {
    return percentileLevels(this.#hdr.totalCount, maxPoints).map((percentile) => ({
      percentile,
      latencyMs: usToMs(this.#hdr.getValueAtPercentile(percentile)),
    }));
  }

  /** Compressed base64 (HdrHistogram V2 format) so a result JSON can carry the whole distribution. */
  encode(): string {
    return encodeIntoCompressedBase64(this.#hdr);
  }
}

export function createLatencyHistogram(): LatencyHistogram {
  return LatencyHistogram.create();
}

export function decodeLatencyHistogram(encoded: string): LatencyHistogram {
  return LatencyHistogram.decode(encoded);
}

/** For result JSON: validates an encoded histogram and parses it into a LatencyHistogram. */
export const encodedLatencyHistogramSchema = z.string().transform((encoded, ctx) => {
  try {
    return LatencyHistogram.decode(encoded);
  } catch {
    ctx.issues.push({ code: "custom", message: "not an encoded latency histogram", input: encoded });
    return z.NEVER;
  }
});
