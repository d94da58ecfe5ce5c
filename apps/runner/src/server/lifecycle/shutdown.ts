/**
 * How the runner service stops on SIGINT/SIGTERM: whatever has been started so far is closed, the
 * runs first; whatever hangs, the process still ends.
 */
import type { ResultsStore } from "../../store/results-store";
import type { RunnerServer } from "../http/app";
import type { Logger } from "../logger";
import type { AbandonedRunsSweep } from "../runs/abandoned-runs-sweep";
import type { RunService } from "../runs/run-service";

/** What the service has started so far: filled in as start-up goes. */
export interface RunnerParts {
  store?: ResultsStore;
  abandonedRuns?: AbandonedRunsSweep;
  service?: RunService;
  app?: RunnerServer;
}

/**
 * From now on SIGINT and SIGTERM close what `parts` holds at that moment. Returns whether a stop
 * has begun, so that a start-up still under way closes what it opens next instead of keeping it.
 */
export function stopOnSignals(parts: RunnerParts, shutdownTimeoutMs: number, log: Logger): () => boolean {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping (a run in progress is aborted and marked failed)`);
    // Whatever hangs, the process still ends; the next start marks anything left "running" as failed.
    setTimeout(() => {
      log.error(`still stopping after ${shutdownTimeoutMs + 2000} ms: exiting anyway`);
      process.exit(1);
    }, shutdownTimeoutMs + 2000).unref();
    try {
      // Runs first, so live pages get the final status before their streams close.
      await parts.service?.shutdown(shutdownTimeoutMs);
      parts.abandonedRuns?.stop();
      await parts.app?.close();
      await parts.store?.close();
      process.exitCode = 0;
    } catch (error) {
      log.error("shutdown failed", error);
      process.exitCode = 1;
    }
  };
  // once: a second Ctrl-C kills the process at once, the usual way out of a stuck shutdown.
  process.once("SIGINT", (signal) => void stop(signal));
  process.once("SIGTERM", (signal) => void stop(signal));
  return () => stopping;
}
