import type { InterruptedRuns, ResultsStore } from "../../store/results-store";
import type { Logger } from "../logger";

export interface AbandonedRunsSweep {
  /** What the sweep at start-up failed (nothing when it could not run: the next one retries). */
  readonly first: InterruptedRuns;
  stop(): void;
}

/** Every 30 s: a stale heartbeat (60 s) is noticed within a minute and a half of the crash. */
const DEFAULT_EVERY_MS = 30_000;

/**
 * Fails the runs whose runner is provably gone (the store's markInterruptedRuns says when): once at
 * start-up, before the queue takes runs, then every `everyMs`, so that a run of a runner that died
 * elsewhere on a shared MySQL does not stay "running" until some runner restarts. A sweep that
 * fails (MySQL away for a moment) is logged and retried by the next one.
 */
export async function startAbandonedRunsSweep(
  store: ResultsStore,
  log: Logger,
  everyMs: number = DEFAULT_EVERY_MS,
): Promise<AbandonedRunsSweep> {
  const sweep = async (): Promise<InterruptedRuns> => {
    try {
      const ended = await store.markInterruptedRuns(Date.now());
      if (ended.running.length + ended.queued.length > 0) {
        log.warn(
          `runner(s) that stopped without a clean shutdown left ${ended.running.length} run(s) running and ` +
            `${ended.queued.length} queued: marked failed`,
        );
      }
      return ended;
    } catch (error) {
      log.error("could not look for runs left by runners that stopped", error);
      return { running: [], queued: [] };
    }
  };
  const first = await sweep();
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  return { first, stop: () => clearInterval(timer) };
}
