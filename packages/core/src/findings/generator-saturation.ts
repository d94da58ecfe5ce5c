import type { CpuLimit, FactOf } from "./facts";

/**
 * When a load generator counts as saturated: the one rule, used by the engine for every tool
 * (drivers only report raw CPU figures) and quoted by the findings' sentences.
 *
 * - A single-threaded generator sharing the runner's process (autocannon) is the bottleneck once
 *   its thread is nearly always busy: CPU time (all threads of the process, so GC helpers too) or
 *   event-loop utilisation above ONE_CORE_LIMIT of one core. Not 1.0: timers and I/O callbacks
 *   queue up well before the loop is 100% busy, and that queueing is added to every latency.
 * - A multi-threaded generator in its own process (ghz) rarely saturates itself, but on a small
 *   machine it takes cores from the services it measures: above MACHINE_SHARE_LIMIT of all the
 *   machine's cores it competed with them.
 */
export const ONE_CORE_LIMIT = 0.85;
export const MACHINE_SHARE_LIMIT = 0.5;

/** A generator's CPU during one run, as its driver measured it. */
export type GeneratorCpu =
  | {
      /** One thread in the runner's own process. */
      threads: "one";
      /** CPU time / wall time, in cores. */
      coreFraction: number;
      /** Main-thread event-loop utilisation, 0..1. */
      eventLoopUtilization: number;
      /** Read over the measured window alone, not the tool's whole run (start-up, warm-up, drain). */
      overWindow?: boolean;
    }
  | {
      /** A child process using as many cores as it likes. */
      threads: "many";
      /** Average cores kept busy; null when its CPU time could not be measured. */
      cores: number | null;
      machineCores: number;
      /** Read over the measured window alone, not the tool's whole run (start-up, warm-up, drain). */
      overWindow?: boolean;
    };

export interface GeneratorLoad {
  /** What the result records: a fraction of one core, or of the whole machine. */
  cpuFraction: number | null;
  limit: CpuLimit;
  saturated: boolean;
}

export function judgeGeneratorCpu(cpu: GeneratorCpu): GeneratorLoad {
  if (cpu.threads === "one") {
    return {
      cpuFraction: cpu.coreFraction,
      limit: "one-core",
      saturated: cpu.coreFraction > ONE_CORE_LIMIT || cpu.eventLoopUtilization > ONE_CORE_LIMIT,
    };
  }
  const share = cpu.cores === null ? null : cpu.cores / cpu.machineCores;
  return { cpuFraction: share, limit: "machine", saturated: share !== null && share > MACHINE_SHARE_LIMIT };
}

/** The fact to record for a saturated generator, or null. */
export function saturationFact(tool: string, cpu: GeneratorCpu): FactOf<"generator-saturated"> | null {
  const load = judgeGeneratorCpu(cpu);
  if (!load.saturated) return null;
  return {
    kind: "generator-saturated",
    tool,
    cpuFraction: load.cpuFraction,
    limit: load.limit,
    ...(cpu.threads === "one"
      ? { eventLoopUtilization: cpu.eventLoopUtilization }
      : { machineCores: cpu.machineCores }),
  };
}
