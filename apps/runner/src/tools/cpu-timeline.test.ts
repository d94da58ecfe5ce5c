import { describe, expect, it } from "vitest";
import { coresBetween, cpuBetween, type CpuReading } from "./cpu-timeline";
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

  it("gives cores over the covered part of a window that ends just past the last reading, not beyond", () => {
    // 1,020-1,040 is covered, 1,040-1,045 not: 20 of 25 ms (80%), at 1 core.
    expect(coresBetween(readings, 1_020, 1_045)).toBeCloseTo(1);
    // 20 of 30 ms covered: too little to stand for the window.
    expect(coresBetween(readings, 1_020, 1_050)).toBeUndefined();
    expect(coresBetween(readings, 1_000, 1_040)).toBeCloseTo(0.75);
  });
});

describe.runIf(linux)("a child's CPU timeline, read from /proc", { timeout: 20_000 }, () => {
  it("tells a child's idle start from its busy end, which the whole-process figure cannot", async () => {
    // Idles 400 ms (as a tool starting up and dialling would), then spins 400 ms, and says when
    // each began on the wall clock (a loaded machine may start it late) and its own CPU over the
    // spin; it stays 100 ms more, so the readings cover the spin's end.
    const code =
      "const idle = Date.now(); setTimeout(() => { const spin = Date.now(); const cpu = process.cpuUsage(); " +
      "while (Date.now() < spin + 400); const used = process.cpuUsage(cpu); " +
      "console.log(idle, spin, Date.now(), (used.user + used.system) / 1000); setTimeout(() => {}, 100); }, 400)";
    const r = await runChildWithCpu(process.execPath, ["-e", code], { hardTimeoutMs: 10_000, cpuTimeline: true });
    expect(r.exitCode).toBe(0);
    const [idleAt, spinAt, doneAt, spinCpuMs] = r.stdout.trim().split(" ").map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const timeline = r.cpuTimeline!;
    expect(timeline.length).toBeGreaterThan(20);
    const idle = cpuBetween(timeline, idleAt + 50, spinAt - 50)!;
    const busy = cpuBetween(timeline, spinAt, doneAt)!;
    console.log(
      `idle ${idle.toFixed(1)} ms of CPU, spin ${busy.toFixed(1)} ms by the timeline, ${spinCpuMs} ms by the child`,
    );
    expect(idle).toBeLessThan(40);
    // The spin's CPU as the child itself counted it, however much of a core a shared machine gave
    // it: within a reading's interpolation at each end (20 ms apart) and a tenth.
    expect(Math.abs(busy - spinCpuMs)).toBeLessThanOrEqual(30 + 0.1 * spinCpuMs);
    expect(busy).toBeGreaterThan(2 * idle + 50);
    // The timeline agrees with the reaped total it is a part of.
    const last = timeline[timeline.length - 1]!.cpuMs;
    expect(last).toBeLessThanOrEqual(r.cpuMs! + 20);
  });

  it("is not kept unless asked for", async () => {
    const r = await runChildWithCpu(process.execPath, ["-e", "0"], { hardTimeoutMs: 10_000 });
    expect(r.cpuTimeline).toBeUndefined();
  });
});
