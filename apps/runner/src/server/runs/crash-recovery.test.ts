import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { ABANDONED_QUEUED_REASON, ABANDONED_RUNNING_REASON } from "../../store/results-store";
import { createTestDatabase } from "../../store/testing/test-database";
import { CANCELLED_REASON } from "./run-execution";
import { startRunnerProcess, type RunnerProcess } from "../testing/runner-process";
import { SseConnection } from "../testing/sse-client";
import { startSilentServices } from "../testing/silent-services";
import type { TestResponse } from "../testing/test-runner";

// A real runner process is killed outright (SIGKILL) in the middle of a run, then a new runner
// starts on the same store: every run it had accepted is still there, and the interrupted ones
// say they failed, and why.

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function database(): Promise<string> {
  const db = await createTestDatabase();
  cleanups.push(() => db.drop());
  return db.url;
}

/** Ends it at once, as a crash or the OOM killer would: nothing of its shutdown runs. */
async function kill(runner: RunnerProcess): Promise<void> {
  if (runner.child.exitCode === null && runner.child.signalCode === null) runner.child.kill("SIGKILL");
  await runner.exited;
}

async function runnerProcess(env: Record<string, string>): Promise<RunnerProcess> {
  const runner = await startRunnerProcess(env);
  cleanups.push(() => kill(runner));
  return runner;
}

const post = (runner: RunnerProcess, path: string, body: unknown = {}): Promise<TestResponse> =>
  fetch(`${runner.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the shape
const get = async (runner: RunnerProcess, path: string): Promise<any> => (await fetch(`${runner.url}${path}`)).json();

interface Store {
  /** The store of the first runner, and the one the runner started after the crash opens. */
  first: Record<string, string>;
  next: Record<string, string>;
}

const stores: Array<{ name: string; open: () => Promise<Store> }> = [
  {
    name: "MySQL, the same database",
    async open() {
      const env = { MYSQL_URL: await database(), RUNNER_RESULTS_DIR: await tempDir("relix-crash-results-") };
      return { first: env, next: env };
    },
  },
  {
    // `pnpm start` on a machine without MySQL: a scratch MariaDB, new (and empty) on every start.
    name: "MySQL, a new database each start, the same results directory",
    async open() {
      const resultsDir = await tempDir("relix-crash-results-");
      return {
        first: { MYSQL_URL: await database(), RUNNER_RESULTS_DIR: resultsDir },
        next: { MYSQL_URL: await database(), RUNNER_RESULTS_DIR: resultsDir },
      };
    },
  },
  {
    name: "no MySQL, the results directory alone",
    async open() {
      const env = { RUNNER_RESULTS_DIR: await tempDir("relix-crash-results-") };
      return { first: env, next: env };
    },
  },
];

describe.each(stores)("a runner killed mid-run, on $name", ({ open }) => {
  it("leaves every run it accepted listed after a restart, the interrupted ones failed with the reason", async () => {
    const store = await open();
    const services = await startSilentServices();
    cleanups.push(() => services.close());
    const stateDir = await tempDir("relix-crash-state-");
    const env = (storeEnv: Record<string, string>) => ({ ...storeEnv, ...services.env, RUNNER_STATE_DIR: stateDir });

    const first = await runnerProcess(env(store.first));
    const spec = { spec: { workloads: ["noop"], durationMs: 1000, warmupMs: 0 } };
    const started = await post(first, "/api/runs", spec);
    expect(started.status).toBe(202);
    const { id: running } = await started.json();
    const { id: queued } = await (await post(first, "/api/runs", spec)).json();
    const { id: cancelled } = await (await post(first, "/api/runs", spec)).json();
    expect((await post(first, `/api/runs/${cancelled}/cancel`)).status).toBe(202);
    // The run is checking its services, which never answer (for 3 s): it is mid-run.
    await services.asked;
    expect(await get(first, `/api/runs/${running}`)).toMatchObject({ status: "running" });
    await kill(first);

    const next = await runnerProcess(env(store.next));
    const { runs } = await get(next, "/api/runs");
    const listed = new Map(runs.map((run: { id: string }) => [run.id, run]));
    expect(listed.get(running)).toMatchObject({ status: "failed", reason: ABANDONED_RUNNING_REASON });
    expect(listed.get(queued)).toMatchObject({ status: "failed", reason: ABANDONED_QUEUED_REASON });
    expect(listed.get(cancelled)).toMatchObject({ status: "cancelled", reason: CANCELLED_REASON });

    // Its permalink says so, and a page following its events learns how it ended.
    expect(await get(next, `/api/runs/${running}`)).toMatchObject({
      id: running,
      status: "failed",
      reason: ABANDONED_RUNNING_REASON,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      live: null,
      result: null,
    });
    const stream = await SseConnection.open(`${next.url}/api/runs/${running}/events`, { lastEventId: 3 });
    expect((await stream.rest()).map((message) => message.data)).toEqual([
      expect.objectContaining({ type: "status", status: "failed", reason: ABANDONED_RUNNING_REASON }),
    ]);
    expect(next.output()).toMatch(/left 1 run\(s\) running and 1 queued: marked failed/);
  });
});

describe("a results directory from before run records", () => {
  it("a result copy with no record beside it still opens on a new database", async () => {
    const resultsDir = await tempDir("relix-crash-results-");
    const result = makeRunResult({ spec: { workloads: ["item.get"] } });
    await writeFile(path.join(resultsDir, `${result.id}.json`), JSON.stringify(result));
    const runner = await runnerProcess({
      MYSQL_URL: await database(),
      RUNNER_RESULTS_DIR: resultsDir,
      RUNNER_STATE_DIR: await tempDir("relix-crash-state-"),
    });
    const opened = await get(runner, `/api/runs/${result.id}`);
    expect(opened).toMatchObject({ id: result.id, status: "done" });
    expect(opened.result).toEqual(result);
  });
});
