/**
 * What an in-process autocannon run counts as it goes: every answer or failure as a sample (and in
 * the once-a-second progress), and the requests issued, written and dropped, so that at the end
 * every request sent is accounted for.
 */
import { performance } from "node:perf_hooks";
import { SampleStore } from "../sample-store";
import { SecondCounters } from "./progress-ticks";

export class RunTally {
  /** performance.now() when the run started: sample times count from here. */
  t0 = 0;
  /** Requests the run let out (count mode stops at `amount`). */
  issued = 0;
  /** Requests written to sockets. */
  sent = 0;
  /** Requests still in flight when autocannon destroyed their client. */
  droppedInFlight = 0;
  /** With `amount`: the time was up before the count. */
  stoppedAtTimeCap = false;
  readonly store = new SampleStore();
  readonly counters = new SecondCounters();

  /** One answer or failure: its latency from the write, and from its slot's due time when scheduled. */
  record(latencyMs: number, code: string, ok: boolean, dueMs?: number): void {
    const now = performance.now();
    // Never below the raw latency: a slot may be written up to 1 ms early (client-hooks.ts).
    this.store.push(
      now - this.t0,
      latencyMs,
      code,
      dueMs === undefined ? Number.NaN : Math.max(latencyMs, now - dueMs),
    );
    this.counters.record(latencyMs, ok);
  }
}
