import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServiceEndpoints } from "@relix/core/network/service-endpoints";
import type { RunStatus } from "@relix/core/runner-api/run-status";
import { runDetailSchema, type RunDetail } from "@relix/core/runner-api/runs";
import { FileResultsStore } from "../../store/file-results-store";
import type { ResultsStore } from "../../store/results-store";
import { createRunnerServer, type RunnerServer } from "../http/app";
import { silentLogger, type Logger } from "../logger";
import type { PresetCatalog } from "../presets/preset-catalog";
import { RunService } from "../runs/run-service";
import { sharedPresets } from "../presets/shared-presets";
import { FakeEngine } from "./fake-engine";

/** A fetch Response whose JSON is `any`: tests assert on its shape instead of declaring it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type TestResponse = Omit<Response, "json"> & { json(): Promise<any> };

export interface TestRunner {
  url: string;
  engine: FakeEngine;
  service: RunService;
  app: RunnerServer;
  /** fetch relative to the runner; `json` is sent as the body (POST unless told otherwise). */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<TestResponse>;
  /** Shuts the service down (aborting a run) and closes the server; a store passed in stays open. */
  close(): Promise<void>;
}

export interface TestRunnerOptions {
  /** Default: a results directory of its own (the runner without MySQL), removed by close(). */
  store?: ResultsStore;
  engine?: FakeEngine;
  token?: string | null;
  allowedOrigins?: readonly string[];
  allowedHosts?: readonly string[];
  heartbeatMs?: number;
  presets?: PresetCatalog;
  log?: Logger;
  maxQueued?: number;
  /** What GET /healthz says the runner drives (main.ts passes the runner's config). */
  services?: ServiceEndpoints;
}

/** The runner's HTTP API on 127.0.0.1, port 0, over the given store, with a fake engine. */
export async function startTestRunner(options: TestRunnerOptions = {}): Promise<TestRunner> {
  const engine = options.engine ?? new FakeEngine();
  const log = options.log ?? silentLogger;
  const ownStore = options.store === undefined ? await temporaryStore() : null;
  const store = options.store ?? ownStore!.store;
  const service = new RunService({ store, engine: engine.run, log, maxQueued: options.maxQueued });
  const app = createRunnerServer({
    service,
    presets: options.presets ?? sharedPresets,
    token: options.token ?? null,
    allowedOrigins: options.allowedOrigins,
    allowedHosts: options.allowedHosts,
    heartbeatMs: options.heartbeatMs,
    log,
    ...(options.services ? { services: options.services } : {}),
  });
  const url = await app.listen(0, "127.0.0.1");
  return {
    url,
    engine,
    service,
    app,
    request(path, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
      const method = rest.method ?? (json === undefined ? "GET" : "POST");
      return fetch(`${url}${path}`, {
        ...rest,
        method,
        headers,
        body: json === undefined ? rest.body : JSON.stringify(json),
      });
    },
    async close() {
      await service.shutdown(1000);
      await app.close();
      await ownStore?.remove();
    },
  };
}

async function temporaryStore(): Promise<{ store: FileResultsStore; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "relix-test-runner-"));
  const store = new FileResultsStore(dir);
  await store.init();
  return {
    store,
    async remove() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Polls GET /api/runs/:id until the run has `status` (the store has recorded it). */
export async function waitForStatus(
  runner: TestRunner,
  id: string,
  status: RunStatus,
  timeoutMs = 5000,
): Promise<RunDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = runDetailSchema.parse(await (await runner.request(`/api/runs/${id}`)).json());
    if (run.status === status) return run;
    if (Date.now() > deadline) throw new Error(`run ${id} is ${run.status}, not ${status}, after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
