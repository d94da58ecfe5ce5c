import { describe, expect, it } from "vitest";
import { parseProcStat, readProcCpu, runChildWithCpu } from "./proc-cpu";

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
        interruptAfterMs: 300,
      },
    );
    expect(soft.interrupted).toBe(true);
    expect(soft.exitCode).toBe(3);
    const hard = await runChildWithCpu(process.execPath, ["-e", "setTimeout(() => {}, 10000)"], { hardTimeoutMs: 300 });
    expect(hard.killed).toBe(true);
    expect(hard.signal).toBe("SIGINT");
  });
});
