import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { identifyProcess } from "../lifetime/process-identity";
import { startOwnerProcess } from "../lifetime/testing/owner-process";
import { isPortListening } from "./port-listening";

const run = promisify(execFile);
const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");
const backendsIndex = fileURLToPath(new URL("./index.ts", import.meta.url));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("a process that exits without calling stop()", () => {
  it("leaves no server, port or temp dir behind", async () => {
    const scratch = await mkdtemp(path.join(os.tmpdir(), "relix-exit-test-"));
    try {
      const script = path.join(scratch, "forget-to-stop.mts");
      await writeFile(
        script,
        `import { startEphemeralRedis } from ${JSON.stringify(backendsIndex)};
const redis = await startEphemeralRedis();
console.log(JSON.stringify({ pid: redis.pid, port: redis.port, dir: redis.dir }));
`,
      );
      const { stdout } = await run(process.execPath, [tsxCli, script], { timeout: 30_000 });
      const started = JSON.parse(stdout) as { pid: number; port: number; dir: string };

      expect(existsSync(started.dir)).toBe(false);
      await expect.poll(() => isAlive(started.pid), { timeout: 5_000 }).toBe(false);
      expect(await isPortListening(started.port)).toBe(false);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.platform === "linux")(
  "a process that ends by other means than exiting",
  { timeout: 30_000 },
  () => {
    const gone = (pid: number) => identifyProcess(pid) === null;
    let scratch: string;
    const leftovers: number[] = [];
    let ownerDir: string | undefined;
    afterEach(async () => {
      for (const pid of leftovers.splice(0)) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      // Should a test fail, its stand-in did not remove its folder: do it here.
      if (ownerDir) await rm(ownerDir, { recursive: true, force: true });
      ownerDir = undefined;
      await rm(scratch, { recursive: true, force: true });
    });

    async function start(host = "") {
      scratch = await mkdtemp(path.join(os.tmpdir(), "relix-exit-test-"));
      const owner = await startOwnerProcess(scratch, path.join(scratch, "state"), host);
      leftovers.push(owner.started.sleepPid, owner.child.pid!);
      ownerDir = owner.started.dir;
      return owner;
    }

    it("takes what it started with it when a SIGTERM it does not handle kills it, and still dies of that signal", async () => {
      const owner = await start();
      owner.child.kill("SIGTERM");
      expect(await owner.exited).toEqual({ code: null, signal: "SIGTERM" });
      await expect.poll(() => gone(owner.started.sleepPid), { timeout: 5_000 }).toBe(true);
      expect(existsSync(owner.started.dir)).toBe(false);
      // Nothing left to sweep: the record went with the last thing it named.
      expect(existsSync(owner.started.record!)).toBe(false);
    });

    it("takes what it started with it when an uncaught error ends it", async () => {
      const owner = await start('setTimeout(() => { throw new Error("boom"); }, 500);');
      expect((await owner.exited).code).toBe(1);
      await expect.poll(() => gone(owner.started.sleepPid), { timeout: 5_000 }).toBe(true);
      expect(existsSync(owner.started.dir)).toBe(false);
    });

    it("leaves a host's own Ctrl-C handling alone, and cleans up on the second Ctrl-C that kills it", async () => {
      // As the runner does: the first Ctrl-C starts a graceful stop, a second one kills the process at once.
      const owner = await start('process.once("SIGINT", () => console.log("stopping gracefully"));');
      let output = "";
      owner.child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      owner.child.kill("SIGINT");
      await expect.poll(() => output, { timeout: 5_000 }).toContain("stopping gracefully");
      expect(gone(owner.started.sleepPid)).toBe(false);

      owner.child.kill("SIGINT");
      expect(await owner.exited).toEqual({ code: null, signal: "SIGINT" });
      await expect.poll(() => gone(owner.started.sleepPid), { timeout: 5_000 }).toBe(true);
      expect(existsSync(owner.started.dir)).toBe(false);
    });
  },
);
