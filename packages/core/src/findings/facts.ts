import { z } from "zod";
import { runToRunSources } from "../stats/run-to-run-book";

/**
 * What the engine observed about a run, as data: the facts behind every caveat a report prints.
 * They are recorded once, where they are known (a driver, the engine), and turned into sentences
 * by one function (render/findings/findings-of.ts), so the terminal, the Markdown export and the web page say the
 * same thing in the same words. Part of relix.result/v1 as an optional addition: results written
 * before carry `notes` / `warnings` strings instead (docs/result-schema.md).
 */

const count = z.number().int().min(0);
/** The load generator's name as the result records it ("autocannon", "ghz", ...). */
const tool = z.string().min(1);

/** What a generator's CPU was compared with: one core (a single-threaded tool) or the whole machine. */
export const cpuLimitSchema = z.enum(["one-core", "machine"]);
export type CpuLimit = z.infer<typeof cpuLimitSchema>;

/** Facts about one protocol in one trial of one cell (recorded on the measure). */
export const measureFactSchema = z.discriminatedUnion("kind", [
  /** The load generator used more CPU than the rule in generator-saturation.ts allows. */
  z.object({
    kind: z.literal("generator-saturated"),
    tool,
    /** Fraction of one core (limit "one-core") or of the whole machine (limit "machine"). */
    cpuFraction: z.number().min(0).nullable(),
    limit: cpuLimitSchema,
    eventLoopUtilization: z.number().min(0).max(1).optional(),
    machineCores: z.number().int().min(1).optional(),
  }),
  /** The tool kept per-request details for only part of the run (ghz: its first 1,000,000 calls). */
  z.object({
    kind: z.literal("details-truncated"),
    tool,
    keptCalls: count,
    calls: count,
    /** Samples are complete until here (ms since the tool run's start). */
    completeUntilMs: z.number().min(0),
    /** The measured window after shortening it to the complete part; null when it was already inside. */
    windowShortenedToMs: z.number().min(0).nullable(),
  }),
  /** Requests still in flight when the tool closed its sockets: no sample, no error. */
  z.object({ kind: z.literal("dropped-in-flight"), tool, requests: count }),
  /** Requests sent that left neither a sample nor a drop record (should never happen). */
  z.object({ kind: z.literal("unaccounted-requests"), tool, requests: z.number().int() }),
  /** An overall rate below the connection count: the tool opened only `used` connections. */
  z.object({ kind: z.literal("fewer-connections"), tool, rate: count, connections: count, used: count }),
  /** The tool's CPU time could only be polled, so it is a lower bound. */
  z.object({ kind: z.literal("cpu-lower-bound"), tool }),
  /** The tool did not stop by itself and was killed at the runner's hard timeout. */
  z.object({ kind: z.literal("stopped-by-hard-timeout"), tool }),
  /**
   * A timed run whose tool did not exit after its window (h2load 1.52 after a server closed a
   * connection: nghttp2 issue 2250) and was stopped `afterMs` past it. Every request it completed
   * is counted; how many were still in flight at the end is not known (it wrote no summary).
   */
  z.object({ kind: z.literal("stopped-after-window"), tool, afterMs: count }),
  /** The tool stopped for another reason than reaching its duration or count. */
  z.object({
    kind: z.literal("ended-early"),
    tool,
    /** The tool's own end reason ("cancel", ...) or "interrupted" when the runner stopped it. */
    reason: z.string(),
    plannedRequests: count.optional(),
  }),
  /**
   * Count mode: the side's window reached the run's time cap for it (presets/count-window-cap.ts)
   * before all its requests were made; its figures cover the `requests` completed by then.
   */
  z.object({
    kind: z.literal("stopped-at-time-cap"),
    tool,
    requests: count,
    plannedRequests: count,
    /** The cap of each side's window in one trial, the same for every side of the cell. */
    capMs: count,
  }),
  /** The responses discarded as warm-up (by time; in count mode, the warm-up run and the handshakes). */
  z.object({ kind: z.literal("warm-up-discarded"), samples: count, warmupMs: count }),
]);
export type MeasureFact = z.infer<typeof measureFactSchema>;

/** Facts about the whole run (recorded on the result). */
export const runFactSchema = z.discriminatedUnion("kind", [
  /** How the load was offered: what the latency figures mean depends on it (coordinated omission). */
  z.object({
    kind: z.literal("load-loop"),
    /** The workload that had a load of its own (spec.workloadLoads); absent = the run's load. */
    workload: z.string().optional(),
    loop: z.enum(["closed", "open"]),
    inFlight: count,
    rate: z.number().int().min(1).optional(),
    /**
     * Open loop: the result also holds latency counted from each request's intended send time
     * (correctedLatencyMs). Absent in results written before, whose open loop was not corrected.
     */
    corrected: z.boolean().optional(),
  }),
  /** Something the service manager said that is not already in the environment. */
  z.object({ kind: z.literal("services-warning"), message: z.string() }),
  /** Pinning the generator and the services to disjoint cores was asked for but could not be done. */
  z.object({ kind: z.literal("cpu-pinning-unavailable"), reason: z.string() }),
  /**
   * The run asked for every cell both ways (`clients: both`, or a sweep), and one client for both
   * could not drive these workloads (the client for both not built on this machine): their
   * verdicts rest on the tools alone.
   */
  z.object({
    kind: z.literal("equal-clients-unavailable"),
    reason: z.string(),
    workloads: z.array(z.string()).min(1),
  }),
  /** Placements were emulated by a TCP proxy between the load generators and the services. */
  z.object({ kind: z.literal("tcp-proxy-emulation"), emulator: z.string(), placements: z.array(z.string()).min(1) }),
  /**
   * Stacks whose runtime compiles its code under load (the JVM) were run on each cell before
   * measuring, in rounds, until their throughput stopped rising; nothing of it was counted.
   */
  z.object({
    kind: z.literal("jit-primed"),
    primes: z
      .array(
        z.object({
          stack: z.string(),
          workload: z.string(),
          cacheMode: z.string(),
          rounds: count,
          roundMs: count,
          /** Successful calls per second in the first round and in the last. */
          firstRps: z.number().min(0),
          lastRps: z.number().min(0),
          /** false: the rounds ran out before two in a row held (stacks/jit-priming.ts, primingSettled). */
          settled: z.boolean(),
        }),
      )
      .min(1),
  }),
  /**
   * The run-to-run spreads the run's intervals were widened by, each with where it came from
   * (stats/run-to-run-book.ts RunToRunSource): none when the run turned them off.
   */
  z.object({
    kind: z.literal("run-to-run"),
    applied: z.array(
      z.object({
        /** As calibrate names it: "item.get warm · REST vs gRPC · p50". */
        comparison: z.string(),
        spread: z.number().min(0),
        /** The runs of the calibration it came from. */
        runs: count,
        measuredAt: z.string(),
        /** Absent in older results, which only used this machine's own. */
        source: z.enum(runToRunSources).optional(),
        /** An assumed spread in a study preset's run: the comparison named no winner (RatioCI.winnerWithheld). */
        withholdsWinner: z.literal(true).optional(),
      }),
    ),
    /** The launches the run's intervals rest on, where they rest on two or more; absent otherwise and in older results. */
    launches: count.optional(),
  }),
  /** A placement whose RTT the emulator could not reach: its cells were not measured. */
  z.object({
    kind: z.literal("placement-refused"),
    placement: z.string(),
    targetRttMs: z.number().min(0),
    measuredRttMs: z.number().min(0).nullable(),
    reason: z.string(),
  }),
]);
export type RunFact = z.infer<typeof runFactSchema>;

export type FactOf<K extends MeasureFact["kind"]> = Extract<MeasureFact, { kind: K }>;
