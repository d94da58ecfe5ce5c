/**
 * REST load generation with autocannon (programmatic API, v8), normalised to ClientSample.
 *
 * End of run: `tracker.stop()` only sets a flag; the next sample tick destroys every client and
 * silently drops its in-flight requests (difference #8). They are counted (`droppedInFlight`).
 * Relix instead stops issuing requests at `durationMs` and lets the in-flight ones finish (bounded
 * by `timeoutMs`), like ghz `--duration-stop wait`; autocannon's own way stays reachable for the
 * tests that demonstrate it (tools/testing/tool-defaults.ts).
 *
 * CPU: the generator is single-threaded and shares the runner's process, so the driver reports
 * its CPU time (process.cpuUsage delta: all threads of this process, so it also counts GC helpers
 * and anything else running in the runner) and the main thread's event-loop utilisation; whether
 * that is saturation is decided in one place (@relix/core findings/generator-saturation.ts,
 * difference #9).
 *
 * Workers (`workers: N`) are NOT usable for Relix. In worker mode (lib/manager.js, lib/worker.js)
 * the main-thread tracker only receives 'start'/'done' (workers post only TICK/UPDATE_HIST/RESULT
 * messages): no 'response' or 'reqError' events, so no per-request samples; functions
 * (setupRequest, setupClient) must be file paths require()d separately in each worker, so no
 * shared key counter; and connections are split floor(c / workers). Verified: a 1 s run with
 * `workers: 2` completed ~6k requests and emitted 0 'response' and 0 'tick' events on the
 * tracker, and a function setupRequest fails with a DataCloneError. If one thread saturates, the
 * way out is our own worker_threads each running this driver on a share of the connections and
 * posting back sample columns (not implemented).
 */
import { performance } from "node:perf_hooks";
import { loadAutocannon, type AcResult, type AcTracker } from "./autocannon-internals";
import { checkAutocannonOptions, type AutocannonOptions, type CheckedOptions } from "./autocannon-options";
import { runAutocannonElsewhere } from "./autocannon-elsewhere";
import type { AutocannonRunResult } from "./autocannon-run-result";
import { clientHooks, type ClientEvents, type ClientHooks } from "./client-hooks";
import { driveOutcome, markProcess, type AutocannonDrive, type AutocannonOwnSummary } from "./drive-outcome";
import { startProgressTicks } from "./progress-ticks";
import { RunEnding, type EndOfRun } from "./run-ending";
import { RunTally } from "./run-tally";

export type { AutocannonDrive, AutocannonOwnSummary, AutocannonRunResult, EndOfRun };

/** One autocannon run as Relix drives it. */
export async function runAutocannon(opts: AutocannonOptions): Promise<AutocannonRunResult> {
  if (opts.execPrefix !== undefined) return runAutocannonElsewhere(opts.execPrefix, opts);
  return (await driveAutocannon(opts, { endOfRun: "wait" })).result;
}

/** The run with what only tests look at: autocannon's own summary and the raw capture. */
export async function driveAutocannon(opts: AutocannonOptions, how: { endOfRun: EndOfRun }): Promise<AutocannonDrive> {
  const checked = checkAutocannonOptions(opts);
  // Every connection asked for, even above the rate: the slot clock hands each due request to the
  // next free connection, so a spare one only waits, while calls longer than a second (a stream of
  // study 001) need more connections than requests per second to keep to the schedule.
  const effectiveConnections = checked.connections;
  const autocannon = loadAutocannon();
  const tally = new RunTally();
  const ending = new RunEnding(how.endOfRun, checked.timeoutMs, () => hooks.inFlight());
  const hooks = clientHooks(checked.specs, clientEvents(checked, tally, ending), checked.connection);

  return new Promise<AutocannonDrive>((resolve, reject) => {
    const mark = markProcess();
    tally.t0 = performance.now();
    const startedAtMs = performance.timeOrigin + tally.t0;
    const done = (err: Error | null, res: AcResult): void => {
      ending.release();
      if (err) return reject(err);
      const connections = effectiveConnections;
      const run = {
        tally,
        mark,
        startedAtMs,
        connections,
        pipelining: checked.pipelining,
        keysIssued: hooks.keysIssued(),
      };
      resolve(driveOutcome(run, res));
    };
    let tracker: AcTracker;
    try {
      tracker = autocannon(trackerOptions(checked, effectiveConnections, hooks), done);
    } catch (e) {
      ending.release();
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    tracker.on("error", (e: Error) => reject(e));
    const { onProgress } = opts;
    if (onProgress) {
      const { t0, counters } = tally;
      const finished = () => ending.finishing;
      ending.onRelease(startProgressTicks({ t0, counters, inFlight: hooks.inFlight, finished, onProgress }));
    }
    ending.start(tracker, checked.durationMs, () => noteTimeCap(checked, tally, ending), opts.signal);
  });
}

/** What the client hooks report goes to the tally; whether to go on issuing is the ending's call. */
function clientEvents(checked: CheckedOptions, tally: RunTally, ending: RunEnding): ClientEvents {
  const record = (latencyMs: number, code: string, ok: boolean, dueMs?: number): void => {
    tally.record(latencyMs, code, ok, dueMs);
    ending.settleIfIdle();
  };
  return {
    mayIssue() {
      if (ending.draining) return false;
      if (checked.amount !== undefined && tally.issued >= checked.amount) {
        ending.beginDrain();
        return false;
      }
      tally.issued++;
      return true;
    },
    sent: () => void tally.sent++,
    failed: (latencyMs, code) => record(latencyMs, code, false),
    dropped: (count) => void (tally.droppedInFlight += count),
    answered: (latencyMs, statusCode, dueMs) =>
      record(latencyMs, String(statusCode), statusCode >= 200 && statusCode < 300, dueMs),
    ...(checked.rate === undefined ? {} : { claimSlot: slotClock(() => tally.t0, checked.rate) }),
  };
}

/** Count mode: the time is up before the count (a slow server): the run stops there all the same. */
function noteTimeCap(checked: CheckedOptions, tally: RunTally, ending: RunEnding): void {
  if (checked.amount !== undefined && tally.issued < checked.amount && !ending.draining) tally.stoppedAtTimeCap = true;
}

/** autocannon's own options: the run is driven by the hooks and stopped by the ending. */
function trackerOptions(checked: CheckedOptions, connections: number, hooks: ClientHooks): Record<string, unknown> {
  const { specs, durationMs, timeoutMs } = checked;
  return {
    url: checked.origin,
    connections,
    pipelining: checked.pipelining,
    // Safety net only: the driver stops it. autocannon checks its stop flag every sampleInt ms.
    duration: (durationMs + timeoutMs + 2000) / 1000,
    sampleInt: 100,
    timeout: timeoutMs / 1000,
    // Only built by each client's constructor, then replaced by the shared sequence (shared-key-sequence.ts).
    requests: [{ method: specs[0]!.method, path: specs[0]!.path }],
    setupClient: hooks.setupClient,
  };
}

/** Slot i of an open loop is due at t0 + i / rate: each call claims the next one. */
function slotClock(t0: () => number, rate: number): () => number {
  let next = 0;
  return () => t0() + (next++ * 1000) / rate;
}
