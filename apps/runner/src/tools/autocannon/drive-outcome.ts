/**
 * What an in-process autocannon run hands back once autocannon is done: Relix's result from its own
 * samples, autocannon's own summary beside it (for cross-checks only) and the raw capture.
 */
import { performance, type EventLoopUtilization } from "node:perf_hooks";
import type { MeasureFact } from "@relix/core";
import { normaliseAutocannonCapture, type AutocannonCapture } from "./autocannon-capture";
import { autocannonVersion, type AcResult } from "./autocannon-internals";
import type { AutocannonRunResult } from "./autocannon-run-result";
import type { RunTally } from "./run-tally";

/** autocannon's own summary of the run: for cross-checking only, never for results. */
export interface AutocannonOwnSummary {
  /** Socket errors + timeouts, counted per pipelining slot. */
  errors: number;
  timeouts: number;
  non2xx: number;
  sent: number;
  completed: number;
  /** From its integer-ms histogram (difference #1): sub-ms runs show 0 or 1 here. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  /**
   * Values in its latency histogram: every response, non-2xx included (difference #4), plus the
   * synthetic values of its coordinated-omission correction when a rate is set (difference #7).
   */
  latencyCount: number;
}

export interface AutocannonDrive {
  result: AutocannonRunResult;
  ownSummary: AutocannonOwnSummary;
  capture: AutocannonCapture;
}

/** This process's CPU time and event-loop use when the run starts: the run's own are the deltas. */
export interface ProcessMark {
  cpu: NodeJS.CpuUsage;
  elu: EventLoopUtilization;
}

export function markProcess(): ProcessMark {
  return { cpu: process.cpuUsage(), elu: performance.eventLoopUtilization() };
}

/** How the run was driven, and what it counted. */
export interface DrivenRun {
  tally: RunTally;
  mark: ProcessMark;
  startedAtMs: number;
  connections: number;
  pipelining: number;
  keysIssued: number;
}

export function driveOutcome(run: DrivenRun, res: AcResult): AutocannonDrive {
  const { tally } = run;
  const wallMs = performance.now() - tally.t0;
  const cpu = process.cpuUsage(run.mark.cpu);
  const eventLoopUtilization = performance.eventLoopUtilization(run.mark.elu).utilization;
  const toolCpuMs = (cpu.user + cpu.system) / 1000;
  const capture: AutocannonCapture = {
    format: "relix.autocannon-capture/v1",
    autocannonVersion: autocannonVersion(),
    startedAtMs: run.startedAtMs,
    wallMs,
    connections: run.connections,
    pipelining: run.pipelining,
    requestsSent: tally.sent,
    droppedInFlight: tally.droppedInFlight,
    ...tally.store.columns(),
  };
  const norm = normaliseAutocannonCapture(capture);
  return {
    result: {
      tool: "autocannon",
      ...norm,
      toolCpuMs,
      facts: accountingFacts(tally, norm.samples.length),
      requestsSent: tally.sent,
      keysIssued: run.keysIssued,
      droppedInFlight: tally.droppedInFlight,
      toolCpuCoreFraction: toolCpuMs / wallMs,
      eventLoopUtilization,
      stoppedAtTimeCap: tally.stoppedAtTimeCap,
    },
    ownSummary: ownSummaryOf(res),
    capture,
  };
}

/** Requests sent that came back as no sample: dropped by autocannon, or not accounted for at all. */
function accountingFacts(tally: RunTally, samples: number): MeasureFact[] {
  const facts: MeasureFact[] = [];
  const { sent, droppedInFlight } = tally;
  if (droppedInFlight > 0) facts.push({ kind: "dropped-in-flight", tool: "autocannon", requests: droppedInFlight });
  const unaccounted = sent - samples - droppedInFlight;
  if (unaccounted !== 0) facts.push({ kind: "unaccounted-requests", tool: "autocannon", requests: unaccounted });
  return facts;
}

function ownSummaryOf(res: AcResult): AutocannonOwnSummary {
  return {
    errors: res.errors,
    timeouts: res.timeouts,
    non2xx: res.non2xx,
    sent: res.requests?.sent,
    completed: res.requests?.total,
    latencyP50Ms: res.latency?.p50,
    latencyP99Ms: res.latency?.p99,
    latencyCount: res.latency?.totalCount,
  };
}
