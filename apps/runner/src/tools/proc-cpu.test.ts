import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { childProcessesNamed } from "../engine/testing/local-services";
import { CANCEL_GRACE_MS, parseProcStat, readProcCpu, runChildWithCpu } from "./proc-cpu";

const linux = process.platform === "linux";

describe("child CPU measurement", { timeout: 20_000 }, () => {
  it("parses /proc/<pid>/stat even when comm contains spaces and parentheses", () => {
    // fields: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const line = "1234 (a b) c)) S 1 1 1 0 -1 4194560 100 0 0 0 250 50 1200 300 20 0 1 0 100 0 0";
    expect(parseProcStat(line, 100)).toEqual({ userMs: 2500, systemMs: 500, childUserMs: 12000, childSystemMs: 3000 });
  });

  it.runIf(linux)("reads our own times", () => {
    const t = readProcCpu("self")!;
    expect(t.userMs + t.systemMs).toBeGreaterThan(0);
    expect(readProcCpu(2 ** 30)).toBeUndefined();
  });

  it.runIf(linux)("measures a CPU-bound child from cutime/cstime, matching its own cpuUsage()", async () => {
    // A fixed amount of work (not a wall-clock spin, which would burn less CPU on a busy machine);
    // the child reports its own user+system time just before exiting.
    const code =
      "let x = 0; for (let i = 0; i < 1e8; i++) x = (x + i) % 1000003;" +
      'const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1000) + " " + x);';
    const r = await runChildWithCpu(process.execPath, ["-e", code], { hardTimeoutMs: 15_000 });
    expect(r.exitCode).toBe(0);
    expect(r.cpuSource).toBe("cutime");
    const selfReported = Number(r.stdout.split(" ")[0]);
    expect(selfReported).toBeGreaterThan(100);
    // USER_HZ ticks are 10 ms; the child still does a little work after reporting.
    expect(r.cpuMs!).toBeGreaterThanOrEqual(selfReported - 20);
    expect(r.cpuMs!).toBeLessThan(selfReported + 60);
  });

  it.runIf(linux)("does not count a sleeping child as busy", async () => {
    const r = await runChildWithCpu(process.execPath, ["-e", "setTimeout(() => {}, 600)"], { hardTimeoutMs: 10_000 });
    expect(r.wallMs).toBeGreaterThan(590);
    expect(r.cpuMs!).toBeLessThan(300); // node start-up only
  });

  it.runIf(linux)("interrupts and kills on time", async () => {
    const soft = await runChildWithCpu(
      process.execPath,
      ["-e", "process.on('SIGINT', () => process.exit(3)); setTimeout(() => {}, 10000)"],
      {
        hardTimeoutMs: 10_000,
        // Long enough for node to start and install its handler on a loaded machine: an earlier
        // SIGINT would end it by the default action, which is not what this checks.
        interruptAfterMs: 2_000,
      },
    );
    expect(soft.interrupted).toBe(true);
    expect(soft.exitCode).toBe(3);
    const hard = await runChildWithCpu(process.execPath, ["-e", "setTimeout(() => {}, 10000)"], { hardTimeoutMs: 300 });
    expect(hard.killed).toBe(true);
    expect(hard.signal).toBe("SIGINT");
  });

  it.runIf(linux)(
    "ends a cancelled tool that ignores SIGINT within the grace period: SIGKILL follows",
    { timeout: 30_000 },
    async () => {
      // A stand-in for a stuck ghz: SIGINT ignored (the disposition survives exec), only SIGKILL ends it.
      const controller = new AbortController();
      const run = runChildWithCpu("sh", ["-c", 'trap "" INT; exec sleep 60'], {
        hardTimeoutMs: 25_000,
        signal: controller.signal,
      });
      let pid: number | undefined;
      await expect
        .poll(
          () => {
            pid = childProcessesNamed("sleep")[0];
            return pid !== undefined && ignoresSigint(pid);
          },
          { timeout: 10_000, interval: 20 },
        )
        .toBe(true);

      const cancelledAt = performance.now();
      controller.abort();
      const margin = 2_000;
      const ended = await Promise.race([
        run.then((result) => ({ result, afterMs: performance.now() - cancelledAt })),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), CANCEL_GRACE_MS + margin)),
      ]);
      expect(ended, `still running ${CANCEL_GRACE_MS + margin} ms after the cancel`).not.toBeNull();
      expect(ended!.afterMs).toBeGreaterThanOrEqual(CANCEL_GRACE_MS - 50);
      expect(ended!.result).toMatchObject({ interrupted: true, killed: false, signal: "SIGKILL" });
      expect(readProcCpu(pid!)).toBeUndefined();
    },
  );
});

/** Whether the process has SIGINT (signal 2) in its ignored set (SigIgn in /proc/<pid>/status, a hex mask). */
function ignoresSigint(pid: number): boolean {
  try {
    const mask = /^SigIgn:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return mask !== undefined && (BigInt(`0x${mask}`) & 2n) !== 0n;
  } catch {
    return false;
  }
}
