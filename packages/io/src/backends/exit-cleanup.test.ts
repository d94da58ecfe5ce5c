import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
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
