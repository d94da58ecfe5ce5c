/**
 * A `pnpm bench` killed outright (the out-of-memory killer, a CI job's timeout) leaves nothing
 * behind: the real launcher, with its own private backends (no REDIS_URL / MYSQL_URL), is killed
 * with SIGKILL while its services are up. Every process it started ends with it, so nothing holds
 * its ports; the next `pnpm bench` on the same state folder removes the temp folders it left, says
 * so, and runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { getFreePort, isPortListening } from "@relix/io/backends";
import { isStillRunning, type OwnedRecord } from "@relix/io/lifetime";
import { recordNaming, stillRunningAfter } from "@relix/io/lifetime/testing/owned-record-watch";

const bin = fileURLToPath(new URL("../../bin/relix-bench.js", import.meta.url));

let scratch: string | undefined;
let benches: ChildProcess[] = [];
let recorded: OwnedRecord | undefined;

afterEach(async () => {
  for (const bench of benches) if (bench.exitCode === null && bench.signalCode === null) bench.kill("SIGKILL");
  benches = [];
  for (const owned of recorded?.processes ?? []) if (isStillRunning(owned)) process.kill(owned.pid, "SIGKILL");
  for (const dir of recorded?.dirs ?? []) await rm(dir.path, { recursive: true, force: true });
  recorded = undefined;
  if (scratch) await rm(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** `pnpm bench` as a user starts it, with nothing of this process's environment but PATH and HOME. */
function startBench(env: Record<string, string>, args: string[]) {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  benches.push(child);
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe.runIf(process.platform === "linux")("pnpm bench killed with SIGKILL mid-run", () => {
  it(
    "ends every process it started, and the next pnpm bench removes its folders and runs",
    { timeout: 240_000 },
    async () => {
      scratch = await mkdtemp(path.join(os.tmpdir(), "relix-killed-bench-"));
      const stateDir = path.join(scratch, "state");
      const [restPort, grpcPort, grpcMetricsPort] = await Promise.all([getFreePort(), getFreePort(), getFreePort()]);
      const env = {
        RUNNER_STATE_DIR: stateDir,
        REST_PORT: String(restPort),
        GRPC_PORT: String(grpcPort),
        GRPC_METRICS_PORT: String(grpcMetricsPort),
        NODE_PORT: "off",
        NODE_PROTOBUF_PORT: "off",
        H2C_PORT: "off",
        GRPC_STATIC_PORT: "off",
      };
      const common = ["--workloads", "noop", "--clients", "tools", "--warmup", "0", "--trials", "1", "--no-json"];

      // Long enough never to end by itself here.
      const first = startBench(env, [...common, "--duration", "60s"]);
      recorded = await Promise.race([
        recordNaming(stateDir, first.child.pid!, [/^redis-server$/, /^mariadbd$/, /^the REST API$/, /^the gRPC API$/], {
          ownerLog: () => first.output().stderr,
        }),
        first.exited.then((exit) => {
          throw new Error(
            `pnpm bench ended (${JSON.stringify(exit)}) before its services were up:\n${first.output().stderr}`,
          );
        }),
      ]);
      first.child.kill("SIGKILL");
      await first.exited;

      expect(await stillRunningAfter(recorded.processes, 30_000)).toEqual([]);
      expect(await isPortListening(restPort)).toBe(false);
      for (const dir of recorded.dirs) expect(existsSync(dir.path), dir.path).toBe(true);

      const next = startBench(env, [...common, "--duration", "1s"]);
      const ended = await next.exited;
      const { stderr } = next.output();
      expect(ended, stderr).toEqual({ code: 0, signal: null });
      expect(stderr).toContain(`left by pid ${first.child.pid}, which ended without stopping them`);
      for (const dir of recorded.dirs) {
        expect(stderr).toContain(dir.path);
        expect(existsSync(dir.path), dir.path).toBe(false);
      }
      // The finished run removed its own record; the killed one's was swept.
      expect((await readdir(stateDir)).filter((n) => n.startsWith("owned-by-"))).toEqual([]);
    },
  );
});
