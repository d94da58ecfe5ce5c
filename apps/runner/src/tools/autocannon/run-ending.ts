/**
 * When an in-process autocannon run stops issuing, and when it stops autocannon: at `durationMs`,
 * at the count or on abort it stops issuing; then 'wait' stops autocannon once the requests in
 * flight are answered (bounded by `timeoutMs`), 'drop' at once (run-autocannon.ts says why).
 */
import type { AcTracker } from "./autocannon-internals";

/** How a run ends: 'wait' (Relix) drains in-flight requests; 'drop' is autocannon's own behaviour. */
export type EndOfRun = "wait" | "drop";

export class RunEnding {
  /** No request is issued any more; those in flight are waited for. */
  draining = false;
  /** autocannon has been told to stop. */
  finishing = false;
  private tracker: AcTracker | undefined;
  private waitingForInFlight = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly releases: Array<() => void> = [];

  constructor(
    private readonly how: EndOfRun,
    private readonly timeoutMs: number,
    private readonly inFlight: () => number,
  ) {}

  /**
   * From now on a drain stops `tracker` (before, it does nothing); it begins at `durationMs`,
   * after `onTimeUp`, or when `signal` aborts.
   */
  start(tracker: AcTracker, durationMs: number, onTimeUp: () => void, signal?: AbortSignal): void {
    this.tracker = tracker;
    this.timers.push(
      setTimeout(() => {
        onTimeUp();
        this.beginDrain();
      }, durationMs),
    );
    if (signal?.aborted) this.beginDrain();
    else if (signal) {
      const onAbort = () => this.beginDrain();
      signal.addEventListener("abort", onAbort, { once: true });
      // One signal may serve many runs (a trial's slices): a listener left behind per run would pile up on it.
      this.onRelease(() => signal.removeEventListener("abort", onAbort));
    }
  }

  /** Stop issuing, let the requests in flight finish, then stop. */
  beginDrain(): void {
    if (this.tracker === undefined || this.draining || this.finishing) return;
    if (this.how === "drop") return this.stop();
    this.draining = true;
    if (this.inFlight() === 0) return this.stop();
    this.waitingForInFlight = true;
    // bounded: autocannon's own timeout fires after timeoutMs of silence anyway
    this.timers.push(setTimeout(() => this.stop(), this.timeoutMs + 1000));
  }

  /** After each answer or failure: a drain waiting for the last request in flight ends here. */
  settleIfIdle(): void {
    if (this.draining && this.waitingForInFlight && this.inFlight() === 0) this.stop();
  }

  /** Also done on release. */
  onRelease(release: () => void): void {
    this.releases.push(release);
  }

  /** autocannon is done: no timer of this run may fire any more. */
  release(): void {
    for (const t of this.timers) clearTimeout(t);
    for (const release of this.releases) release();
  }

  private stop(): void {
    if (this.finishing) return;
    this.finishing = true;
    this.tracker?.stop();
  }
}
