/**
 * The one seam between the engine and a load-generating tool. The engine plans a run (what to
 * send, how many in flight, for how long), hands the plan to the generator registered for the
 * stack measured, and gets back samples and raw figures; it never names a tool or branches on a
 * stack. Each tool is one file in ./generators; ./generators/registry.ts lists them.
 */
import type {
  CacheMode,
  ClientRecord,
  GeneratorCpu,
  MeasureFact,
  Protocol,
  RunSpec,
  StackId,
  Workload,
} from "@relix/core";
import type { LocatedTool, ToolSpec } from "@relix/io/backends";
import type { ClientSample } from "../../tools";
import type { CpuReading } from "../../tools/cpu-timeline";
import type { ServiceTargets } from "../launch/targets";

export type Env = Readonly<Record<string, string | undefined>>;

/** Executables found once at start-up, by name (see ToolSpec). */
export type LocatedTools = Readonly<Record<string, LocatedTool>>;

/** What a generator may use besides the plan: the tools found at start-up and the caller's environment. */
export interface ToolContext {
  tools: LocatedTools;
  /** The environment the runner was started with, for the child processes it starts. */
  env: Env;
}

/** One run of a tool: one stack of one cell, one trial (or its warm-up run). */
export interface LoadPlan extends ToolContext {
  /** The stack loaded: its encoding (stacks/stacks.ts) says how request bodies are written. */
  stack: StackId;
  workload: Workload;
  cacheMode: CacheMode;
  /** The workload's key sequence, in order: every tool sends it in one global round-robin. */
  requests: unknown[];
  /** Connections (requests in flight), gRPC connections, rate, server delay. */
  spec: RunSpec;
  /**
   * Where the load goes, aimed at the stack (stack-table.ts aimedAt): its port is in its family's
   * slot, restPort for an HTTP stack, grpcPort for a gRPC one.
   */
  targets: ServiceTargets;
  /**
   * Issue requests for this long (warm-up + window + tail). In count mode, the time cap: the run
   * stops issuing here even if `total` has not been reached (presets/count-window-cap.ts).
   */
  durationMs: number;
  /** Count mode: exactly this many requests, then drain; fewer when `durationMs` comes first. */
  total?: number;
  /** Per-request timeout, the same on every side. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** What one run produced: samples, and raw figures the engine judges (saturation, completeness). */
export interface LoadRun {
  samples: ClientSample[];
  /** TCP connections the tool really used. */
  connections: number;
  /** Requests it kept in flight at most. */
  inFlight: number;
  /** Over the tool's whole run; the engine narrows it to the window where `cpuTimeline` allows (window-cpu.ts). */
  cpu: GeneratorCpu;
  /** A child tool's CPU over time, and the instant (epoch ms) its samples' clock starts from. */
  cpuTimeline?: { startedAtMs: number; readings: CpuReading[] };
  /** Samples are complete up to here (ms since the run's start); Infinity when the tool kept them all. */
  completeUntilMs: number;
  /** What the tool's driver observed beyond the samples. */
  facts: MeasureFact[];
  /** Count mode: the run reached its time cap (`durationMs`) before all `total` requests were sent. */
  stoppedAtTimeCap?: boolean;
  /**
   * Equal clients: how the side was driven and how its errors are to be counted (the server's
   * counters are added by the engine, which reads them around the run).
   */
  client?: ClientRecord;
}

export interface LoadGenerator {
  /** The protocol of the stacks it drives. */
  measures: Protocol;
  /** The stacks it drives (its keys in the registry); absent: the stacks whose records name its tool. */
  stacks?: readonly StackId[];
  /** The tool's name, as results record it. */
  tool: string;
  /** Its executable, when it is a separate program (found once at start-up). */
  executable?: ToolSpec;
  /**
   * Base URL of the /stats endpoint of its protocol's default stack. The engine reads each stack's
   * counters where stack-table.ts says; this stays for scripts that read a service's counters.
   */
  statsUrl(targets: ServiceTargets): string;
  /**
   * Why it cannot run a cell's spec (e.g. an open loop for a tool without a request rate), or
   * null; asked for every cell before anything is measured, so the run is refused up front.
   */
  cannotRun?(spec: RunSpec): string | null;
  /** The tool's version for the result's environment; null when it cannot be told. */
  version(context: ToolContext): Promise<string | null>;
  run(plan: LoadPlan): Promise<LoadRun>;
}
