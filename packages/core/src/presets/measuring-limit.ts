import { MAX_TOTAL_RUN_MS } from "../spec/bounds";
import { hasClosedCountWindows, MIN_COUNT_WINDOW_SHARE_MS } from "./count-window-cap";
import { DEFAULT_STACKS } from "../stacks/stacks";
import { stacksWithPair } from "../stacks/stack-list";
import { primingBoundMs } from "../stacks/jit-priming";
import { plannedCells, sideWindows, type MeasuringInput } from "./measuring-time";

/** A run that would measure for longer than MAX_TOTAL_RUN_MS: what the runner and `pnpm bench` refuse. */
export interface MeasuringOverLimit {
  /** The least the run would measure for, ms. */
  ms: number;
  /** The spec field that decides it: the sweep's, the count of requests, or the window. */
  field: "sweep" | "requests" | "durationMs";
  /** "this run would measure for about 70 min, more than the 60 min limit", with what was counted. */
  sentence: string;
}

/**
 * The run's warm-ups and windows, and its JVM priming at its bound, against the limit, or null when they fit. A window counted in
 * requests lasts N / rate in an open loop; in a closed loop its length is unknown, so every count
 * window is counted at the least its cap may be (count-window-cap.ts): a run that cannot give each
 * that much is refused rather than cut to nothing.
 */
export function measuringOverLimit(spec: MeasuringInput): MeasuringOverLimit | null {
  const closed = hasClosedCountWindows(spec);
  const leastShareMs = closed ? MIN_COUNT_WINDOW_SHARE_MS : 0;
  // The JVM stacks' priming before any trial counts at its bound: it runs on the same clock.
  const primingMs = primingBoundMs(stacksWithPair(spec.stacks ?? DEFAULT_STACKS, spec.pair), plannedCells(spec).length);
  const ms =
    primingMs +
    sideWindows(spec).reduce((total, w) => total + w.count * (spec.warmupMs + (w.windowMs ?? 0) + leastShareMs), 0);
  if (ms <= MAX_TOTAL_RUN_MS) return null;
  const counted = [
    ...(spec.sweep ? ["counting every refinement point the sweep may add"] : []),
    ...(closed
      ? [`giving each window of ${spec.requests} requests in a closed loop at least ${leastShareMs / 1000} s`]
      : []),
    ...(primingMs > 0 ? [`with up to ${Math.ceil(primingMs / 60_000)} min of JVM priming`] : []),
  ];
  return {
    ms,
    field: spec.sweep ? "sweep" : spec.requests !== undefined ? "requests" : "durationMs",
    sentence: `this run would measure for about ${Math.ceil(ms / 60_000)} min${counted.map((c) => `, ${c}`).join("")}, more than the ${MAX_TOTAL_RUN_MS / 60_000} min limit`,
  };
}
