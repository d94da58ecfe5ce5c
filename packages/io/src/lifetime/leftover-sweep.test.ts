/**
 * The start-up sweep against real processes: a stand-in runner (testing/owner-process.ts) starts a
 * `sleep` and makes a folder, is killed with SIGKILL (nothing of its own runs then), and the sweep
 * stops and removes exactly what its record proves it left, and nothing else.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describeSweep, sweepLeftovers } from "./leftover-sweep";
import type { OwnedRecord } from "./owned-record";
import { identifyProcess, isStillRunning } from "./process-identity";
import { startOwnerProcess } from "./testing/owner-process";

const linux = process.platform === "linux";
let scratch: string;
const toKill: number[] = [];
// The stand-ins' own folders: one killed with SIGKILL here cannot remove its folder itself.
const toRemove: string[] = [];
const children: ChildProcess[] = [];

async function setUp(): Promise<string> {
  scratch = await mkdtemp(path.join(os.tmpdir(), "relix-sweep-test-"));
  return path.join(scratch, "state");
}

/** Running, as opposed to ended (a zombie no one has reaped yet has ended). */
const alive = (pid: number) => identifyProcess(pid) !== null;

afterEach(async () => {
  for (const pid of toKill.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of toRemove.splice(0)) await rm(dir, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

describe.runIf(linux)("the start-up sweep", { timeout: 30_000 }, () => {
  it("stops what a process killed with SIGKILL started, removes its folder and its record, and says so", async () => {
    const stateDir = await setUp();
    const owner = await startOwnerProcess(scratch, stateDir);
    const { sleepPid, dir, record } = owner.started;
    toKill.push(sleepPid);
    toRemove.push(dir);
    expect(record).not.toBeNull();
    expect(existsSync(record!)).toBe(true);

    owner.child.kill("SIGKILL");
    await owner.exited;
    // What the finding is about: nothing ran, so its child and its folder are still there.
    expect(alive(sleepPid)).toBe(true);
    expect(existsSync(dir)).toBe(true);

    const swept = await sweepLeftovers(stateDir);
    expect(swept.killed.map((p) => p.pid)).toEqual([sleepPid]);
    expect(swept.survivors).toEqual([]);
    expect(swept.removed.map((d) => d.path)).toEqual([dir]);
    expect(alive(sleepPid)).toBe(false);
    expect(existsSync(dir)).toBe(false);
    expect(await readdir(stateDir)).toEqual([]);
    expect(describeSweep(swept)).toEqual([
      `killed a long sleep (pid ${sleepPid}, port 40001): left by pid ${owner.child.pid}, which ended without stopping them`,
      `removed ${dir} (scratch files): left by pid ${owner.child.pid}, which ended without stopping them`,
    ]);

    // Nothing is left to sweep the next time.
    expect(describeSweep(await sweepLeftovers(stateDir))).toEqual([]);
  });

  it("leaves a record alone while the process that wrote it still runs (runners may share the folder)", async () => {
    const stateDir = await setUp();
    const owner = await startOwnerProcess(scratch, stateDir);
    children.push(owner.child);
    toKill.push(owner.started.sleepPid);
    toRemove.push(owner.started.dir);

    const swept = await sweepLeftovers(stateDir);
    expect(swept.killed).toEqual([]);
    expect(swept.removed).toEqual([]);
    expect(alive(owner.started.sleepPid)).toBe(true);
    expect(existsSync(owner.started.dir)).toBe(true);
    expect(existsSync(owner.started.record!)).toBe(true);
  });

  it("kills no process that merely has a recorded pid, and removes no folder that is a link", async () => {
    const stateDir = await setUp();
    await mkdir(stateDir);
    // A process started by someone else that was given a pid a dead runner had recorded.
    const bystander = spawn("sleep", ["300"], { stdio: "ignore" });
    children.push(bystander);
    const identity = identifyProcess(bystander.pid!)!;
    const keep = path.join(scratch, "keep");
    await mkdir(keep);
    const link = path.join(scratch, "relix-link");
    await symlink(keep, link);
    const record: OwnedRecord = {
      // An owner that is not running: its start time is not that of the process with its pid now.
      owner: { pid: process.pid, startTime: "1", bootId: identity.bootId },
      processes: [{ ...identity, startTime: String(Number(identity.startTime) - 1), what: "a reused pid", ports: [] }],
      dirs: [{ path: link, what: "a link" }],
    };
    await writeFile(path.join(stateDir, `owned-by-${process.pid}-1.json`), JSON.stringify(record));

    const swept = await sweepLeftovers(stateDir);
    expect(swept.killed).toEqual([]);
    expect(swept.removed).toEqual([]);
    expect(isStillRunning(identity)).toBe(true);
    expect(existsSync(keep)).toBe(true);
    expect(await readdir(stateDir)).toEqual([]);
  });

  it("says so, and touches nothing, when a record cannot be read", async () => {
    const stateDir = await setUp();
    await mkdir(stateDir);
    const file = path.join(stateDir, "owned-by-1-1.json");
    await writeFile(file, "{ not json");
    const swept = await sweepLeftovers(stateDir);
    expect(describeSweep(swept)).toEqual([
      expect.stringMatching(/^could not read .*owned-by-1-1\.json \(.*\): left it alone$/),
    ]);
    expect(existsSync(file)).toBe(true);
  });

  it("has nothing to do when the state folder does not exist yet", async () => {
    const stateDir = await setUp();
    expect(describeSweep(await sweepLeftovers(stateDir))).toEqual([]);
  });
});
