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
import type { MeasureFact } from "@relix/core";
import { SampleStore } from "../sample-store";
import { normaliseAutocannonCapture, type AutocannonCapture } from "./autocannon-capture";
import { autocannonVersion, loadAutocannon, type AcResult, type AcTracker } from "./autocannon-internals";
import { checkAutocannonOptions, type AutocannonOptions } from "./autocannon-options";
import { runAutocannonElsewhere } from "./autocannon-elsewhere";
import type { AutocannonRunResult } from "./autocannon-run-result";
import { clientHooks } from "./client-hooks";
import { SecondCounters, startProgressTicks } from "./progress-ticks";

export type { AutocannonRunResult };

/** autocannon's own summary of the run: for cross-checking only, never for results. */
export interface AutocannonOwnSummary {
  /** Socket errors + timeouts, counted per pipelining slot. */
  errors: number;
  timeouts: number;
  non2xx: number;
  sent: number;
  completed: number;
  /** From its integer-ms histogram (difference #1): sub-ms runs show 0 or 1 here. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  /**
   * Values in its latency histogram: every response, non-2xx included (difference #4), plus the
   * synthetic values of its coordinated-omission correction when a rate is set (difference #7).
   */
  latencyCount: number;
}

/** How a run ends: 'wait' (Relix) drains in-flight requests; 'drop' is autocannon's own behaviour. */
export type EndOfRun = "wait" | "drop";

export interface AutocannonDrive {
  result: AutocannonRunResult;
  ownSummary: AutocannonOwnSummary;
  capture: AutocannonCapture;
}

/** One autocannon run as Relix drives it. */
export async function runAutocannon(opts: AutocannonOptions): Promise<AutocannonRunResult> {
  if (opts.execPrefix !== undefined) return runAutocannonElsewhere(opts.execPrefix, opts);
  return (await driveAutocannon(opts, { endOfRun: "wait" })).result;
}

/** The run with what only tests look at: autocannon's own summary and the raw capture. */
export async function driveAutocannon(opts: AutocannonOptions, how: { endOfRun: EndOfRun }): Promise<AutocannonDrive> {
  const checked = checkAutocannonOptions(opts);
  const { specs, connections, pipelining, durationMs, timeoutMs } = checked;
  // Every connection asked for, even above the rate: the slot clock hands each due request to the
  // next free connection, so a spare one only waits, while calls longer than a second (a stream of
  // study 001) need more connections than requests per second to keep to the schedule.
  const effectiveConnections = connections;
  const autocannon = loadAutocannon();
  const store = new SampleStore();
  const counters = new SecondCounters();
  let t0 = 0;
  let sent = 0;
  let issued = 0;
  let droppedInFlight = 0;
  let stoppedAtTimeCap = false;
  let draining = false;
  let finishing = false;
  let onSettled: (() => void) | undefined;
  // Assigned once the run starts: stop issuing, let in-flight requests finish, then stop.
  let beginDrain = (): void => {};

  const record = (latencyMs: number, code: string, ok: boolean, dueMs?: number): void => {
    const now = performance.now();
    // Never below the raw latency: a slot may be written up to 1 ms early (client-hooks.ts).
    store.push(now - t0, latencyMs, code, dueMs === undefined ? Number.NaN : Math.max(latencyMs, now - dueMs));
    counters.record(latencyMs, ok);
    if (draining && onSettled && hooks.inFlight() === 0) onSettled();
  };
  const hooks = clientHooks(
    specs,
    {
      mayIssue() {
        if (draining) return false;
        if (checked.amount !== undefined && issued >= checked.amount) {
          beginDrain();
          return false;
        }
        issued++;
        return true;
      },
      sent: () => void sent++,
      failed: (latencyMs, code) => record(latencyMs, code, false),
      dropped: (count) => void (droppedInFlight += count),
      answered: (latencyMs, statusCode, dueMs) =>
        record(latencyMs, String(statusCode), statusCode >= 200 && statusCode < 300, dueMs),
      ...(checked.rate === undefined ? {} : { claimSlot: slotClock(() => t0, checked.rate) }),
    },
    checked.connection,
  );

  return new Promise<AutocannonDrive>((resolve, reject) => {
    const cpu0 = process.cpuUsage();
    const elu0 = performance.eventLoopUtilization();
    t0 = performance.now();
    const startedAtMs = performance.timeOrigin + t0;
    const timers: NodeJS.Timeout[] = [];
    let stopTicks = (): void => {};
    let tracker: AcTracker | undefined;
    const stopTracker = (): void => {
      if (finishing) return;
      finishing = true;
      tracker?.stop();
    };
    // One signal may serve many runs (a trial's slices): a listener left behind per run would pile up on it.
    let removeAbortListener = () => {};
    const clearTimers = () => {
      for (const t of timers) clearTimeout(t);
      stopTicks();
      removeAbortListener();
    };

    const done = (err: Error | null, res: AcResult): void => {
      clearTimers();
      if (err) return reject(err);
      const wallMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const eventLoopUtilization = performance.eventLoopUtilization(elu0).utilization;
      const toolCpuMs = (cpu.user + cpu.system) / 1000;
      const capture: AutocannonCapture = {
        format: "relix.autocannon-capture/v1",
        autocannonVersion: autocannonVersion(),
        startedAtMs,
        wallMs,
        connections: effectiveConnections,
        pipelining,
        requestsSent: sent,
        droppedInFlight,
        ...store.columns(),
      };
      const norm = normaliseAutocannonCapture(capture);
      const facts: MeasureFact[] = [];
      if (droppedInFlight > 0) facts.push({ kind: "dropped-in-flight", tool: "autocannon", requests: droppedInFlight });
      const unaccounted = sent - norm.samples.length - droppedInFlight;
      if (unaccounted !== 0) facts.push({ kind: "unaccounted-requests", tool: "autocannon", requests: unaccounted });
      resolve({
        result: {
          tool: "autocannon",
          ...norm,
          toolCpuMs,
          facts,
          requestsSent: sent,
          keysIssued: hooks.keysIssued(),
          droppedInFlight,
          toolCpuCoreFraction: toolCpuMs / wallMs,
          eventLoopUtilization,
          stoppedAtTimeCap,
        },
        ownSummary: {
          errors: res.errors,
          timeouts: res.timeouts,
          non2xx: res.non2xx,
          sent: res.requests?.sent,
          completed: res.requests?.total,
          latencyP50Ms: res.latency?.p50,
          latencyP99Ms: res.latency?.p99,
          latencyCount: res.latency?.totalCount,
        },
        capture,
      });
    };

    try {
      tracker = autocannon(
        {
          url: checked.origin,
          connections: effectiveConnections,
          pipelining,
          // Safety net only: the driver stops it. autocannon checks its stop flag every sampleInt ms.
          duration: (durationMs + timeoutMs + 2000) / 1000,
          sampleInt: 100,
          timeout: timeoutMs / 1000,
          // Only built by each client's constructor, then replaced by the shared sequence (client-hooks.ts).
          requests: [{ method: specs[0]!.method, path: specs[0]!.path }],
          setupClient: hooks.setupClient,
        },
        done,
      );
    } catch (e) {
      clearTimers();
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    tracker.on("error", (e: Error) => reject(e));

    if (opts.onProgress) {
      stopTicks = startProgressTicks({
        t0,
        counters,
        inFlight: hooks.inFlight,
        finished: () => finishing,
        onProgress: opts.onProgress,
      });
    }

    beginDrain = () => {
      if (draining || finishing) return;
      if (how.endOfRun === "drop") return stopTracker();
      draining = true;
      if (hooks.inFlight() === 0) return stopTracker();
      onSettled = stopTracker;
      // bounded: autocannon's own timeout fires after timeoutMs of silence anyway
      timers.push(setTimeout(stopTracker, timeoutMs + 1000));
    };
    timers.push(
      setTimeout(() => {
        // Count mode: the time is up before the count (a slow server): stop here all the same.
        if (checked.amount !== undefined && issued < checked.amount && !draining) stoppedAtTimeCap = true;
        beginDrain();
      }, durationMs),
    );
    if (opts.signal?.aborted) beginDrain();
    else if (opts.signal) {
      const { signal } = opts;
      const onAbort = () => beginDrain();
      signal.addEventListener("abort", onAbort, { once: true });
      removeAbortListener = () => signal.removeEventListener("abort", onAbort);
    }
  });
}

/** Slot i of an open loop is due at t0 + i / rate: each call claims the next one. */
function slotClock(t0: () => number, rate: number): () => number {
  let next = 0;
  return () => t0() + (next++ * 1000) / rate;
}
