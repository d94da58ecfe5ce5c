/**
 * A runner killed outright leaves nothing behind for long. A real runner process with its own
 * private backends (no REDIS_URL / MYSQL_URL: it starts redis-server and mariadbd itself) accepts a
 * run through its HTTP API and is killed with SIGKILL while the run has its servers up. Every
 * process it started ends by itself (the kernel's parent-death signal: spawn-owned.ts); its temp
 * folders stay, as its record in the state folder says, and a new runner started on the same state
 * folder removes exactly those and says so in its log.
 *
 * (An earlier form expected the processes to outlive their runner until the next one killed them.
 * Toxiproxy did not always: it logs each closed client connection to a pipe whose reader was dead,
 * and Go exits on SIGPIPE on stdout, so on a busy machine it was gone before the sweep could name it.)
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getFreePort } from "@relix/io/backends";
import { isStillRunning, type OwnedRecord } from "@relix/io/lifetime";
import { recordNaming, stillRunningAfter } from "@relix/io/lifetime/testing/owned-record-watch";
import { startRunnerProcess, type RunnerProcess } from "../testing/runner-process";

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

describe.runIf(process.platform === "linux")("a runner killed with SIGKILL mid-run", () => {
  it(
    "ends every process it started and leaves its folders to the next runner on the same state folder, which removes them",
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

      recorded = await recordNaming(
        stateDir,
        first.child.pid!,
        [/^redis-server$/, /^mariadbd$/, /^the REST API$/, /^the gRPC API$/, /^toxiproxy$/],
        { ownerLog: first.output },
      );
      expect(recorded.dirs.map((d) => d.what)).toEqual(
        expect.arrayContaining(["redis-server's files", "mariadbd's files"]),
      );

      await first.kill();
      // Nothing of the runner ran, yet every process it started ends with it; its folders stay.
      expect(await stillRunningAfter(recorded.processes, 30_000)).toEqual([]);
      for (const dir of recorded.dirs) expect(existsSync(dir.path), dir.path).toBe(true);

      const next = await startRunnerProcess(env);
      runners.push(next);
      for (const dir of recorded.dirs) expect(existsSync(dir.path), dir.path).toBe(false);
      expect((await readdir(stateDir)).filter((n) => n.includes(`-${first.child.pid}-`))).toEqual([]);
      const log = next.output();
      expect(log).toContain(`left by pid ${first.child.pid}, which ended without stopping them`);
      for (const dir of recorded.dirs) expect(log).toContain(dir.path);

      next.child.kill("SIGTERM");
      expect(await next.exited).toEqual({ code: 0, signal: null });
    },
  );
});
