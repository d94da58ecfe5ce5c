/**
 * A child tool's CPU over the measured window alone (the why: tools/cpu-timeline.ts).
 *
 * The drivers report the tool's CPU over its whole process; the window is chosen by the engine,
 * in the tool's own clock (ms since its first call). Where the driver also kept a timeline of the
 * tool's CPU, the window is placed on it (the tool stamps its calls in epoch time, the readings
 * carry the same clock) and the CPU between the window's two ends becomes the run's figure:
 * cores busy over the window, or the share of its one core for a one-thread tool. Without a
 * timeline, or one that covers less than MIN_COVERED_SHARE of the window, the whole-process
 * figure stays, as before.
 */
import type { GeneratorCpu } from "@relix/core";
import { coresBetween } from "../../tools/cpu-timeline";
import type { ToolRunResult } from "../../tools";
import type { LoadRun } from "./load-generator";
import type { MeasuredWindow } from "./window";

/** The LoadRun field a driver sets from its tool's run: the timeline, on the samples' clock. */
export function cpuTimelineOf(
  result: Pick<ToolRunResult, "cpuTimeline" | "startedAtMs">,
): Pick<LoadRun, "cpuTimeline"> {
  if (!result.cpuTimeline || result.cpuTimeline.length < 2 || !Number.isFinite(result.startedAtMs)) return {};
  return { cpuTimeline: { startedAtMs: result.startedAtMs, readings: result.cpuTimeline } };
}

/** The tool's CPU while `window` lasted, where its timeline spans it; else its whole-run figure. */
export function cpuOverWindow(run: Pick<LoadRun, "cpu" | "cpuTimeline">, window: MeasuredWindow): GeneratorCpu {
  const timeline = run.cpuTimeline;
  if (!timeline) return run.cpu;
  const cores = coresBetween(
    timeline.readings,
    timeline.startedAtMs + window.startMs,
    timeline.startedAtMs + window.endMs,
  );
  if (cores === undefined) return run.cpu;
  return run.cpu.threads === "one"
    ? { threads: "one", coreFraction: cores, eventLoopUtilization: cores, overWindow: true }
    : { threads: "many", cores, machineCores: run.cpu.machineCores, overWindow: true };
}

/** The run with its CPU taken over `window` (and the timeline dropped: it has been used). */
export function withWindowCpu(run: LoadRun, window: MeasuredWindow): LoadRun {
  const { cpuTimeline: _used, ...rest } = run;
  return { ...rest, cpu: cpuOverWindow(run, window) };
}
