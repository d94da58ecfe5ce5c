/**
 * Once-a-second progress of an in-process run (the CLI's progress bar, live charts): counted as
 * samples are recorded, reported on wall-clock second boundaries of the run.
 */
import { performance } from "node:perf_hooks";
import type { ProgressStats } from "../sample";

/** Completions of the current second, and of the whole run. */
export class SecondCounters {
  private ok = 0;
  private errors = 0;
  private okLatencyMs = 0;
  private totalOk = 0;
  private totalErrors = 0;

  record(latencyMs: number, ok: boolean): void {
    if (ok) {
      this.ok++;
      this.totalOk++;
      this.okLatencyMs += latencyMs;
    } else {
      this.errors++;
      this.totalErrors++;
    }
  }

  /** This second's figures; the next second starts from zero. */
  take(): Pick<ProgressStats, "ok" | "errors" | "meanLatencyUs" | "totalOk" | "totalErrors"> {
    const second = {
      ok: this.ok,
      errors: this.errors,
      meanLatencyUs: this.ok > 0 ? (this.okLatencyMs / this.ok) * 1000 : Number.NaN,
      totalOk: this.totalOk,
      totalErrors: this.totalErrors,
    };
    this.ok = this.errors = 0;
    this.okLatencyMs = 0;
    return second;
  }
}

/**
 * Calls `onProgress` at t0 + 1 s, t0 + 2 s, ... until `finished()`; returns the function that
 * stops it. Each tick is scheduled from t0, so a late tick does not shift the ones after it.
 */
export function startProgressTicks(options: {
  t0: number;
  counters: SecondCounters;
  inFlight: () => number;
  finished: () => boolean;
  onProgress: (s: ProgressStats) => void;
}): () => void {
  const { t0, counters, onProgress } = options;
  let second = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    second++;
    try {
      onProgress({ elapsedMs: performance.now() - t0, second, ...counters.take(), inFlight: options.inFlight() });
    } catch {
      // a faulty progress consumer must not break the measurement
    }
    if (!options.finished()) timer = setTimeout(tick, t0 + (second + 1) * 1000 - performance.now());
  };
  timer = setTimeout(tick, 1000);
  return () => clearTimeout(timer);
}
