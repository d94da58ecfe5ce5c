import { parseRunResult, type RunResult, type RunSpec } from "@relix/core";
import type { LiveState } from "@relix/core/runner-api/runs";
import { RunCancelledError, type RunBenchmark, type RunEvent } from "../../engine/run-events";
import { headlineOf } from "../../store/headline";
import { INTERRUPTED_RUNNING_REASON, type EndStatus, type ResultsStore } from "../../store/results-store";
import { updateLiveState } from "./live-state";
import { messageOf } from "../logger";
import type { RunEventLog } from "./run-event-log";
import type { RunStatusRecorder } from "./run-status-recorder";

export const CANCELLED_REASON = "cancelled by request";

/** Why a run's AbortController fired: the difference between "cancelled" and "failed". */
export class RunAbort extends Error {
  constructor(readonly kind: "cancel" | "shutdown") {
    super(kind === "cancel" ? CANCELLED_REASON : INTERRUPTED_RUNNING_REASON);
    this.name = "RunAbort";
  }
}

/** The run the engine is working on. */
export interface ActiveRun {
  id: string;
  spec: RunSpec;
  controller: AbortController;
  live: LiveState;
  /** A final status has been recorded (by the run itself, or by shutdown): nothing more is. */
  ended: boolean;
  settled: Promise<void>;
}

export interface RunExecutionParts {
  engine: RunBenchmark;
  store: ResultsStore;
  events: RunEventLog;
  status: RunStatusRecorder;
  now: () => number;
}

/**
 * One run from start to its final status: marked running, measured by the engine (its events
 * logged and folded into the live state), then stored as done, or ended as failed or cancelled.
 */
export async function executeRun(run: ActiveRun, parts: RunExecutionParts): Promise<void> {
  const { id, spec, controller } = run;
  let started: boolean;
  try {
    started = await parts.store.markRunning(id, parts.now());
  } catch (error) {
    await endRun(run, parts.status, "failed", `could not record the start of the run: ${messageOf(error)}`);
    return;
  }
  if (!started) {
    // Ended in the store by someone else meanwhile: nothing to run.
    run.ended = true;
    return;
  }
  if (controller.signal.aborted) {
    await endAfterError(run, parts.status, new RunCancelledError());
    return;
  }
  parts.status.announce(id, "running");

  let result: RunResult;
  try {
    const onEvent = (event: RunEvent) => {
      if (run.ended) return;
      updateLiveState(run.live, event);
      parts.events.append(id, event);
    };
    // Promise.resolve().then: an engine that throws before returning its promise is a failed run too.
    result = await Promise.resolve().then(() => parts.engine(spec, { signal: controller.signal, onEvent }));
  } catch (error) {
    await endAfterError(run, parts.status, error);
    return;
  }
  if (run.ended) return;

  let stored: RunResult;
  try {
    // Validated on write; the engine does not know the run's id, the permalink is this one.
    stored = parseRunResult({ ...result, id });
  } catch (error) {
    await endRun(run, parts.status, "failed", `the engine returned an invalid result: ${messageOf(error)}`);
    return;
  }
  try {
    await parts.store.finishRun(id, stored, parts.now());
  } catch (error) {
    await endRun(run, parts.status, "failed", `the result could not be stored: ${messageOf(error)}`);
    return;
  }
  run.ended = true;
  parts.status.announce(id, "done", { headline: headlineOf(stored) });
}

/** Records the run's end once, whoever gets there first (the run itself or shutdown). */
export async function endRun(run: ActiveRun, status: RunStatusRecorder, end: EndStatus, reason: string): Promise<void> {
  if (run.ended) return;
  run.ended = true;
  await status.recordEnd(run.id, end, reason);
}

async function endAfterError(run: ActiveRun, status: RunStatusRecorder, error: unknown): Promise<void> {
  const abort: unknown = run.controller.signal.aborted ? run.controller.signal.reason : undefined;
  if (abort instanceof RunAbort) {
    await endRun(run, status, abort.kind === "cancel" ? "cancelled" : "failed", abort.message);
  } else if (error instanceof RunCancelledError) {
    await endRun(run, status, "cancelled", error.message);
  } else {
    await endRun(run, status, "failed", messageOf(error) || "the run failed without a message");
  }
}
