import { createLatencyHistogram, type LatencyHistogram } from "@relix/core";
import type { ClientSample } from "../../tools";

/** [startMs, endMs) in the tool run's own clock: the same measured window for both protocols. */
export interface MeasuredWindow {
  startMs: number;
  endMs: number;
}

export interface WindowFigures {
  ok: number;
  rps: number;
  errorsByCode: Record<string, number>;
  errors: number;
  histogram: LatencyHistogram;
  /** Open loop only: latency counted from each request's intended send time (see LatencyCorrection). */
  corrected?: { histogram: LatencyHistogram; method: "scheduled" | "expected-interval" };
  timeline: Array<{ second: number; requests: number; errors: number; p50Ms: number; p99Ms: number }>;
}

/**
 * An open loop's correction for coordinated omission. When the driver sent on a schedule, its
 * samples carry their latency from the intended send time and those are used. Otherwise each raw
 * latency longer than `expectedIntervalUs` is recorded with the requests its wait held back
 * (HdrHistogram's expected-interval correction; docs/measurement.md says which interval and why).
 */
export interface LatencyCorrection {
  expectedIntervalUs: number;
}

/**
 * The one measurement definition for both tools: keep the samples that completed inside the
 * window, latency of successful responses only (errors counted by code, never in latency), and
 * rps = successful responses / window length.
 */
export function figuresInWindow(
  samples: readonly ClientSample[],
  window: MeasuredWindow,
  correction?: LatencyCorrection,
): WindowFigures {
  const histogram = createLatencyHistogram();
  const scheduled = correction !== undefined && samples.some((s) => s.fromDueLatencyUs !== undefined);
  const corrected = correction === undefined ? undefined : createLatencyHistogram();
  const errorsByCode: Record<string, number> = {};
  const seconds = Math.max(1, Math.ceil((window.endMs - window.startMs) / 1000));
  const perSecond = Array.from({ length: seconds }, () => ({ histogram: createLatencyHistogram(), errors: 0 }));
  let ok = 0;
  let errors = 0;
  for (const sample of samples) {
    if (sample.endMs < window.startMs || sample.endMs >= window.endMs) continue;
    const bucket = perSecond[Math.min(seconds - 1, Math.floor((sample.endMs - window.startMs) / 1000))]!;
    if (sample.ok) {
      ok++;
      histogram.record(sample.latencyUs);
      bucket.histogram.record(sample.latencyUs);
      if (corrected && scheduled) corrected.record(sample.fromDueLatencyUs ?? sample.latencyUs);
      else corrected?.recordCorrected(sample.latencyUs, correction!.expectedIntervalUs);
    } else {
      errors++;
      bucket.errors++;
      errorsByCode[sample.code] = (errorsByCode[sample.code] ?? 0) + 1;
    }
  }
  const timeline = perSecond.map((b, second) => {
    const summary = b.histogram.summary();
    return { second, requests: summary.count, errors: b.errors, p50Ms: summary.p50, p99Ms: summary.p99 };
  });
  const lengthSeconds = (window.endMs - window.startMs) / 1000;
  return {
    ok,
    rps: lengthSeconds > 0 ? ok / lengthSeconds : 0,
    errorsByCode,
    errors,
    histogram,
    ...(corrected
      ? { corrected: { histogram: corrected, method: scheduled ? "scheduled" : "expected-interval" } }
      : {}),
    timeline,
  };
}

/**
 * Count mode: the window opens just after the first `skip` completions (the calls that carried
 * their connection's handshake) and closes just after the last one, so it holds the rest exactly.
 */
export function windowOfSamples(samples: readonly ClientSample[], skip = 0): MeasuredWindow {
  const ends = samples.map((s) => s.endMs).sort((a, b) => a - b);
  const startMs = skip > 0 && ends.length > skip ? ends[skip - 1]! + 1e-6 : 0;
  const last = ends.length > 0 ? ends[ends.length - 1]! : startMs;
  // A hair past the last sample so it falls inside the half-open window.
  return { startMs, endMs: Math.max(last + 1e-6, startMs + 1) };
}

/**
 * ghz keeps per-call details for its first 1,000,000 calls only (difference #1): past
 * `completeUntilMs` samples are missing, so the window ends there rather than count them as
 * absent responses. A window already inside the complete part is returned unchanged.
 */
export function clipWindow(window: MeasuredWindow, completeUntilMs: number): MeasuredWindow {
  if (!(completeUntilMs < window.endMs)) return window;
  return { startMs: window.startMs, endMs: Math.max(window.startMs, completeUntilMs) };
}
