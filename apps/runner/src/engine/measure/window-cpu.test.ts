import { describe, expect, it } from "vitest";
import type { LoadRun } from "./load-generator";
import { cpuOverWindow, cpuTimelineOf } from "./window-cpu";

// A tool that spent 60 ms starting (before its first call at epoch 10_000), then half a core
// while it made its calls: its whole-process figure says more than its calls cost.
const readings = [
  { atEpochMs: 9_900, cpuMs: 0 },
  { atEpochMs: 10_000, cpuMs: 60 },
  { atEpochMs: 11_000, cpuMs: 560 },
  { atEpochMs: 11_100, cpuMs: 610 },
];
const timeline = { startedAtMs: 10_000, readings };

describe("a tool's CPU over the measured window", () => {
  it("a one-thread tool's share of its core over the window alone, not its start-up", () => {
    const run: Pick<LoadRun, "cpu" | "cpuTimeline"> = {
      cpu: { threads: "one", coreFraction: 0.51, eventLoopUtilization: 0.51 },
      cpuTimeline: timeline,
    };
    const cpu = cpuOverWindow(run, { startMs: 200, endMs: 800 });
    expect(cpu).toEqual({ threads: "one", coreFraction: 0.5, eventLoopUtilization: 0.5, overWindow: true });
  });

  it("a many-thread tool's cores over the window, with the machine's core count kept", () => {
    const run: Pick<LoadRun, "cpu" | "cpuTimeline"> = {
      cpu: { threads: "many", cores: 0.51, machineCores: 2 },
      cpuTimeline: timeline,
    };
    expect(cpuOverWindow(run, { startMs: 0, endMs: 1000 })).toEqual({
      threads: "many",
      cores: 0.5,
      machineCores: 2,
      overWindow: true,
    });
  });

  it("keeps the whole-run figure without a timeline, or where the timeline does not span the window", () => {
    const cpu = { threads: "many", cores: 0.51, machineCores: 2 } as const;
    expect(cpuOverWindow({ cpu }, { startMs: 0, endMs: 1000 })).toBe(cpu);
    expect(cpuOverWindow({ cpu, cpuTimeline: timeline }, { startMs: 500, endMs: 1500 })).toBe(cpu);
  });

  it("a driver keeps a timeline only with two readings and a known start", () => {
    expect(cpuTimelineOf({ startedAtMs: 10_000, cpuTimeline: readings })).toEqual({ cpuTimeline: timeline });
    expect(cpuTimelineOf({ startedAtMs: Number.NaN, cpuTimeline: readings })).toEqual({});
    expect(cpuTimelineOf({ startedAtMs: 10_000, cpuTimeline: readings.slice(0, 1) })).toEqual({});
    expect(cpuTimelineOf({ startedAtMs: 10_000 })).toEqual({});
  });
});
