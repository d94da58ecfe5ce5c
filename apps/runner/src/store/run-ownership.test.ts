import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { runSpecSchema } from "@relix/core";
import { newRunId } from "@relix/core/ids/run-id";
import { MysqlResultsStore, type MysqlResultsStoreOptions } from "./mysql-results-store";
import { ABANDONED_QUEUED_REASON, ABANDONED_RUNNING_REASON, type ResultsStore } from "./results-store";
import { newRunnerId, RunnerPresence } from "./runner-presence";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";

// Two runners on one MySQL: each owns the runs it accepted, and a runner that starts fails only the
// runs of a runner that is provably gone (mysql-results-store.ts, markInterruptedRuns).

const spec = runSpecSchema.parse({ workloads: ["noop"], durationMs: 1000 });

let db: TestDatabase;
let dir: string;
const opened: ResultsStore[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), "relix-owners-"));
  return async () => {
    for (const store of opened.splice(0)) await store.close().catch(() => undefined);
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  };
});

/** Another runner process on the same database: a store of its own, with its own owner id. */
async function runner(options: MysqlResultsStoreOptions = {}): Promise<MysqlResultsStore> {
  const store = new MysqlResultsStore(db.url, options);
  await store.init();
  opened.push(store);
  return store;
}

/** One running and one queued run, owned by `store`'s runner. */
async function runsOf(store: ResultsStore): Promise<{ running: string; queued: string }> {
  const running = newRunId();
  await store.createRun({ id: running, preset: null, spec, createdAt: 1 });
  await store.markRunning(running, 2);
  const queued = newRunId();
  await store.createRun({ id: queued, preset: null, spec, createdAt: 3 });
  return { running, queued };
}

/** The pid of a process that has exited: what a runner killed outright leaves in its presence file. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

describe("run owners on a shared MySQL", () => {
  it("a runner starting next to a live one leaves that runner's running and queued runs alone", async () => {
    const first = await runner();
    const { running, queued } = await runsOf(first);
    expect((await first.getRun(running))?.owner).toBe(first.runnerId);

    const second = await runner();
    expect(second.runnerId).not.toBe(first.runnerId);
    expect(await second.markInterruptedRuns(10)).toEqual({ running: [], queued: [] });
    expect((await second.getRun(running))?.status).toBe("running");
    expect((await second.getRun(queued))?.status).toBe("queued");
    // The live runner still finishes its own run.
    expect(await first.endRun(running, "cancelled", "cancelled by request", 11)).toBe(true);
  });

  it("fails the runs of a runner whose heartbeat went stale, and only those", async () => {
    // Beats once at start-up, then not again for an hour: a runner that hung, or lost its database.
    const stale = await runner({ heartbeatMs: 3_600_000 });
    const gone = await runsOf(stale);
    const live = await runner({ staleAfterMs: 400 });
    const mine = await runsOf(live);

    expect(await live.markInterruptedRuns(20)).toEqual({ running: [], queued: [] });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await live.markInterruptedRuns(21)).toEqual({ running: [gone.running], queued: [gone.queued] });
    expect(await live.getRun(gone.running)).toMatchObject({
      status: "failed",
      reason: ABANDONED_RUNNING_REASON,
      finishedAt: 21,
    });
    expect(await live.getRun(gone.queued)).toMatchObject({ status: "failed", reason: ABANDONED_QUEUED_REASON });
    expect((await live.getRun(mine.running))?.status).toBe("running");
    expect((await live.getRun(mine.queued))?.status).toBe("queued");
  });

  it("fails at once the runs of a runner of this host whose process no longer exists", async () => {
    // A runner killed outright a moment ago: its heartbeat is still fresh, its process is gone.
    const crashedId = newRunnerId();
    const crashed = await runner({ runnerId: crashedId, heartbeatMs: 3_600_000 });
    const left = await runsOf(crashed);
    await mkdir(path.join(dir, "runners"), { recursive: true });
    await writeFile(
      path.join(dir, "runners", `${crashedId}.json`),
      JSON.stringify({ runnerId: crashedId, host: os.hostname(), pid: await deadPid() }),
    );

    const next = await runner({ presence: new RunnerPresence(dir, newRunnerId()) });
    expect(await next.markInterruptedRuns(30)).toEqual({ running: [left.running], queued: [left.queued] });
    expect(await next.getRun(left.running)).toMatchObject({ status: "failed", reason: ABANDONED_RUNNING_REASON });
    // Its presence file has served its purpose.
    expect((await new RunnerPresence(dir, newRunnerId()).survey()).gone.has(crashedId)).toBe(false);
  });

  it("a runner that stops cleanly is no one to wait for: what it left is failed by the next start", async () => {
    const stopped = await runner();
    const left = await runsOf(stopped);
    await stopped.close();
    opened.splice(opened.indexOf(stopped), 1);

    const next = await runner();
    expect(await next.markInterruptedRuns(40)).toEqual({ running: [left.running], queued: [left.queued] });
  });

  it("two runners started at the same moment do not fail each other's runs", async () => {
    const [one, two] = await Promise.all([runner(), runner()]);
    const runsOfOne = await runsOf(one);
    const runsOfTwo = await runsOf(two);
    const [sweptByOne, sweptByTwo] = await Promise.all([one.markInterruptedRuns(50), two.markInterruptedRuns(50)]);
    expect(sweptByOne).toEqual({ running: [], queued: [] });
    expect(sweptByTwo).toEqual({ running: [], queued: [] });
    for (const id of [runsOfOne.running, runsOfTwo.running]) expect((await one.getRun(id))?.status).toBe("running");
  });
});
