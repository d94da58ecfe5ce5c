import { Worker } from "node:worker_threads";
import type { RunResult } from "@relix/core";
import { HttpError, type FieldError } from "../http/http-error";

/** What the worker (import-check-worker.ts) answers for each body. */
export type ImportCheckAnswer =
  | { ok: true; result: RunResult }
  | { ok: false; problem: "invalid_json" | "invalid_result"; message: string; fields: FieldError[] };

/** The document is not a relix.result/v1 result; `fields` says where (a bounded list). */
export class InvalidResultError extends Error {
  constructor(
    message: string,
    readonly fields: FieldError[],
  ) {
    super(message);
    this.name = "InvalidResultError";
  }
}

/** Checking the document ran out of its time or memory: nothing a run writes does that. */
export class ImportTooCostlyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportTooCostlyError";
  }
}

export interface ImportCheckerOptions {
  /** A backstop: a check's cost is bounded by the body's size, so this is never reached honestly. */
  timeoutMs?: number;
  /** The worker's heap: a valid 20 MiB result parses into a few hundred MB. */
  maxHeapMb?: number;
}

// The runner runs its TypeScript through tsx, and loader hooks given to a worker on its command
// line do not reach it on Node 20: the worker registers tsx itself, then imports its module.
const tsxApi = import.meta.resolve("tsx/esm/api");
const workerModule = new URL("./import-check-worker.ts", import.meta.url).href;
const WORKER_SOURCE = `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(workerModule)}, ${JSON.stringify(workerModule)}))`;

/**
 * Checks imported bodies in a worker thread. Parsing and checking 20 MiB takes hundreds of ms even
 * when bounded, and the runner's event loop is also autocannon's: a run measuring while someone
 * imports would see that pause as latency. One worker, started at the first import and kept (its
 * start, loading the schema, costs more than most checks), checks one body at a time; its heap is
 * capped so that a hostile body cannot take the runner's memory, and a worker that runs out of
 * time or memory is replaced.
 */
export class ImportChecker {
  private readonly timeoutMs: number;
  private readonly maxHeapMb: number;
  private worker: Worker | null = null;
  /** The check in progress (settled either way): the next one waits for it. */
  private previous: Promise<unknown> = Promise.resolve();

  constructor(options: ImportCheckerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxHeapMb = options.maxHeapMb ?? 1024;
  }

  /** The validated result; InvalidResultError, HttpError `invalid_json` or ImportTooCostlyError otherwise. */
  async check(body: Uint8Array): Promise<RunResult> {
    const answer = this.previous.then(() => this.inWorker(body));
    this.previous = answer.catch(() => undefined);
    const checked = await answer;
    if (checked.ok) return checked.result;
    if (checked.problem === "invalid_json")
      throw new HttpError(400, "invalid_json", `the body is ${checked.message}`, []);
    throw new InvalidResultError(checked.message, checked.fields);
  }

  /** Stops the worker (at shutdown). A later check would start another. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Not the runner's own flags (tsx's, an inspector port): the worker brings its own loader.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    // An idle checker never keeps the runner (or a test) alive; close() is for a clean shutdown.
    worker.unref();
    return worker;
  }

  private inWorker(body: Uint8Array): Promise<ImportCheckAnswer> {
    const worker = (this.worker ??= this.start());
    return new Promise<ImportCheckAnswer>((resolve, reject) => {
      const stop = (error: Error) => {
        // A worker that failed or overran is not trusted with the next body.
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
        reject(error);
      };
      const onMessage = (answer: ImportCheckAnswer) => settle(() => resolve(answer));
      const onError = (error: Error & { code?: string }) =>
        settle(() =>
          stop(
            error.code === "ERR_WORKER_OUT_OF_MEMORY"
              ? new ImportTooCostlyError(`checking the document needed more than ${this.maxHeapMb} MB`)
              : error,
          ),
        );
      const onExit = (code: number) =>
        settle(() => stop(new Error(`the import check stopped (exit code ${code}) without an answer`)));
      const timer = setTimeout(
        () =>
          settle(() =>
            stop(new ImportTooCostlyError(`checking the document took longer than ${this.timeoutMs / 1000} s`)),
          ),
        this.timeoutMs,
      );
      function settle(finish: () => void) {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
        finish();
      }
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
      worker.postMessage(body);
    });
  }
}
