import type { RunResult, RunSpec } from "@relix/core";
import {
  RunCancelledError,
  type CellRef,
  type RunBenchmark,
  type RunEvent,
  type RunOptions,
} from "../../engine/run-events";
import { newRunId } from "@relix/core/ids/run-id";
import { makeRunResult } from "@relix/core/testing/result-fixture";

/**
 * One call of the fake engine, driven step by step by the test: emit events, then finish or fail.
 * Like the real engine it rejects with RunCancelledError as soon as its signal aborts (unless told
 * to ignore it, to play an engine that hangs).
 */
export class FakeRun {
  readonly promise: Promise<RunResult>;
  private settle!: { resolve: (result: RunResult) => void; reject: (error: unknown) => void };
  private settled = false;

  constructor(
    readonly spec: RunSpec,
    private readonly options: RunOptions,
    ignoreAbort: boolean,
  ) {
    this.promise = new Promise<RunResult>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    const signal = options.signal;
    if (!ignoreAbort && signal) {
      if (signal.aborted) this.fail(new RunCancelledError());
      else signal.addEventListener("abort", () => this.fail(new RunCancelledError()), { once: true });
    }
  }

  get signal(): AbortSignal | undefined {
    return this.options.signal;
  }

  emit(event: RunEvent): void {
    this.options.onEvent?.(event);
  }

  /** One second of live load, as the engine reports it. */
  sample(second: number, protocol: CellRef["protocol"] = "rest"): void {
    this.emit({
      type: "sample",
      cell: this.cell(protocol),
      second,
      requests: 1000 + second,
      errors: 0,
      p50Ms: 0.4,
      p99Ms: 1.2,
      warmup: false,
    });
  }

  cell(protocol: CellRef["protocol"] = "rest"): CellRef {
    return { workload: this.spec.workloads[0]!, cacheMode: "warm", trial: 1, trials: 1, protocol, index: 1, total: 2 };
  }

  finish(
    result: RunResult = makeRunResult({ spec: this.spec, id: newRunId(), rest: { p50: 1.2 }, grpc: { p50: 1.0 } }),
  ): void {
    if (this.settled) return;
    this.settled = true;
    this.settle.resolve(result);
  }

  fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.settle.reject(error);
  }
}

/**
 * An engine for the service's tests: records each call as a FakeRun the test drives. `started(n)`
 * waits for the n-th call (0-based), so a test never sleeps to find out whether a run began.
 */
export class FakeEngine {
  readonly runs: FakeRun[] = [];
  private readonly waiters: Array<{ index: number; resolve: (run: FakeRun) => void }> = [];

  constructor(private readonly options: { ignoreAbort?: boolean } = {}) {}

  readonly run: RunBenchmark = (spec, options = {}) => {
    const run = new FakeRun(spec, options, this.options.ignoreAbort ?? false);
    this.runs.push(run);
    for (const waiter of this.waiters.filter((w) => w.index < this.runs.length)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(this.runs[waiter.index]!);
    }
    return run.promise;
  };

  started(index: number): Promise<FakeRun> {
    const run = this.runs[index];
    if (run) return Promise.resolve(run);
    return new Promise((resolve) => this.waiters.push({ index, resolve }));
  }
}
