import { describe, expect, it } from "vitest";
import { cpuBetween, type CpuReading } from "./cpu-timeline";
import { runChildWithCpu } from "./proc-cpu";

const linux = process.platform === "linux";

describe("a tool's CPU between two instants", () => {
  const readings: CpuReading[] = [
    { atEpochMs: 1_000, cpuMs: 50 },
    { atEpochMs: 1_020, cpuMs: 60 },
    { atEpochMs: 1_040, cpuMs: 80 },
  ];

  it("interpolates between the readings around each end", () => {
    expect(cpuBetween(readings, 1_000, 1_040)).toBeCloseTo(30);
    // Half of the first interval (5 ms) and half of the second (10 ms).
    expect(cpuBetween(readings, 1_010, 1_030)).toBeCloseTo(15);
  });

  it("has no figure for a window the readings do not span, or an empty one", () => {
    expect(cpuBetween(readings, 990, 1_030)).toBeUndefined();
    expect(cpuBetween(readings, 1_010, 1_050)).toBeUndefined();
    expect(cpuBetween(readings, 1_020, 1_020)).toBeUndefined();
    expect(cpuBetween([], 1_000, 1_040)).toBeUndefined();
  });
});

describe.runIf(linux)("a child's CPU timeline, read from /proc", { timeout: 20_000 }, () => {
  it("tells a child's idle start from its busy end, which the whole-process figure cannot", async () => {
    // Sleeps 400 ms (as a tool starting up and dialling would idle), then spins 400 ms.
    const code = "setTimeout(() => { const end = Date.now() + 400; while (Date.now() < end); }, 400)";
    const started = performance.timeOrigin + performance.now();
    const r = await runChildWithCpu(process.execPath, ["-e", code], { hardTimeoutMs: 10_000, cpuTimeline: true });
    expect(r.exitCode).toBe(0);
    const timeline = r.cpuTimeline!;
    expect(timeline.length).toBeGreaterThan(20);
    // Node's own start-up runs in the first tens of ms: the idle stretch is after it.
    const idle = cpuBetween(timeline, started + 150, started + 350)!;
    const busy = cpuBetween(timeline, started + 500, started + 700)!;
    expect(idle).toBeLessThan(40);
    // One core, spinning: close to all of the 200 ms (a shared machine may take some of it).
    expect(busy).toBeGreaterThan(100);
    expect(busy).toBeLessThan(215);
    // The timeline agrees with the reaped total it is a part of.
    const last = timeline[timeline.length - 1]!.cpuMs;
    expect(last).toBeLessThanOrEqual(r.cpuMs! + 20);
  });

  it("is not kept unless asked for", async () => {
    const r = await runChildWithCpu(process.execPath, ["-e", "0"], { hardTimeoutMs: 10_000 });
    expect(r.cpuTimeline).toBeUndefined();
  });
});
