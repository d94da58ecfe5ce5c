/**
 * A runner killed outright leaves nothing behind for long. A real runner process with its own
 * private backends (no REDIS_URL / MYSQL_URL: it starts redis-server and mariadbd itself) accepts a
 * run through its HTTP API and is killed with SIGKILL while the run has its servers up. What it
 * started outlives it, as its record in the state folder says; a new runner started on the same
 * state folder stops exactly those processes, removes those folders, and says so in its log.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getFreePort } from "@relix/io/backends";
import { isStillRunning, ownedRecordSchema, type OwnedRecord } from "@relix/io/lifetime";
import { startRunnerProcess, type RunnerProcess } from "./testing/runner-process";

let scratch: string | undefined;
let runners: RunnerProcess[] = [];
let recorded: OwnedRecord | undefined;

afterEach(async () => {
  for (const runner of runners) await runner.kill();
  runners = [];
  // Should the test fail half-way: only what the record proves the runner started, as the sweep would.
  for (const owned of recorded?.processes ?? []) {
    if (isStillRunning(owned)) process.kill(owned.pid, "SIGKILL");
  }
  for (const dir of recorded?.dirs ?? []) await rm(dir.path, { recursive: true, force: true });
  recorded = undefined;
  if (scratch) await rm(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** What the runner's record in `stateDir` says it owns now, once it names everything `expected` names. */
async function recordNaming(stateDir: string, runnerPid: number, expected: RegExp[]): Promise<OwnedRecord> {
  const deadline = Date.now() + 90_000;
  let last: OwnedRecord | undefined;
  while (Date.now() < deadline) {
    const name = (await readdir(stateDir).catch(() => [])).find((n) => n.startsWith(`owned-by-${runnerPid}-`));
    if (name && !name.endsWith(".tmp")) {
      const text = await readFile(path.join(stateDir, name), "utf8").catch(() => "");
      const parsed = ownedRecordSchema.safeParse(text ? JSON.parse(text) : null);
      if (parsed.success) {
        last = parsed.data;
        const whats = last.processes.map((p) => p.what);
        if (expected.every((what) => whats.some((w) => what.test(w)))) return last;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the runner's record never named ${expected.join(", ")}; last: ${JSON.stringify(last)}`);
}

describe.runIf(process.platform === "linux")("a runner killed with SIGKILL mid-run", () => {
  it(
    "leaves its processes and folders to the next runner on the same state folder, which sweeps them",
    { timeout: 150_000 },
    async () => {
      scratch = await mkdtemp(path.join(os.tmpdir(), "relix-killed-runner-"));
      const stateDir = path.join(scratch, "state");
      const [restPort, grpcPort, grpcMetricsPort] = await Promise.all([getFreePort(), getFreePort(), getFreePort()]);
      const env = {
        RUNNER_RESULTS_DIR: path.join(scratch, "runs"),
        RUNNER_STATE_DIR: stateDir,
        REST_PORT: String(restPort),
        GRPC_PORT: String(grpcPort),
        GRPC_METRICS_PORT: String(grpcMetricsPort),
        // The other stacks off: no ports of their own to pick.
        NODE_PORT: "off",
        NODE_PROTOBUF_PORT: "off",
        H2C_PORT: "off",
        GRPC_STATIC_PORT: "off",
      };

      const first = await startRunnerProcess(env);
      runners.push(first);
      // A placement off loopback through Toxiproxy (as root the packet link would be the default). Long
      // enough never to end by itself here.
      const accepted = await fetch(`${first.url}/api/runs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          spec: { workloads: ["noop"], durationMs: 60_000, warmupMs: 0, network: ["same-zone"], emulator: "proxy" },
        }),
      });
      expect(accepted.status).toBe(202);

      recorded = await recordNaming(stateDir, first.child.pid!, [
        /^redis-server$/,
        /^mariadbd$/,
        /^the REST API$/,
        /^the gRPC API$/,
        /^toxiproxy$/,
      ]);
      expect(recorded.dirs.map((d) => d.what)).toEqual(
        expect.arrayContaining(["redis-server's files", "mariadbd's files"]),
      );

      await first.kill();
      // Nothing of the runner ran: everything it started is still there.
      for (const owned of recorded.processes) expect(isStillRunning(owned), owned.what).toBe(true);
      for (const dir of recorded.dirs) expect(existsSync(dir.path), dir.path).toBe(true);

      const next = await startRunnerProcess(env);
      runners.push(next);
      for (const owned of recorded.processes)
        expect(isStillRunning(owned), `${owned.what} (pid ${owned.pid})`).toBe(false);
      for (const dir of recorded.dirs) expect(existsSync(dir.path), dir.path).toBe(false);
      expect((await readdir(stateDir)).filter((n) => n.includes(`-${first.child.pid}-`))).toEqual([]);
      const log = next.output();
      expect(log).toContain(`which ended without stopping them`);
      for (const owned of recorded.processes) expect(log).toContain(`${owned.what} (pid ${owned.pid}`);
      for (const dir of recorded.dirs) expect(log).toContain(dir.path);

      next.child.kill("SIGTERM");
      expect(await next.exited).toEqual({ code: 0, signal: null });
    },
  );
});
