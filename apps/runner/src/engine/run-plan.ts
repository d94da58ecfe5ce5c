import {
  estimateMeasuringMs,
  getWorkload,
  plannedCells,
  type CacheMode,
  type Protocol,
  type RunSpec,
  type Workload,
} from "@relix/core";

export interface PlannedCell {
  workload: Workload;
  /** What the services are asked for ("warm" for workloads that never read through the cache). */
  cacheMode: CacheMode;
  /** What the result calls it. */
  resultCacheMode: CacheMode | "none";
}

/** The spec's cells (shared with the presets' time estimates), with their catalog entries. */
export function planCells(spec: RunSpec): PlannedCell[] {
  return plannedCells(spec).map(({ workload, cacheMode }) => ({
    workload: getWorkload(workload),
    cacheMode: cacheMode === "none" ? "warm" : cacheMode,
    resultCacheMode: cacheMode,
  }));
}

/**
 * REST first on even-numbered protocol pairs, gRPC first on odd ones, counted across the whole
 * run: neither protocol always gets the warmer machine.
 */
export function protocolOrder(pairIndex: number): [Protocol, Protocol] {
  return pairIndex % 2 === 0 ? ["rest", "grpc"] : ["grpc", "rest"];
}

/** Per protocol run, on top of its windows: tool start-up and the drain at the end. */
const PER_RUN_OVERHEAD_MS = 600;

/** A count-mode window's length cannot be known before it runs: a guess for the first ETA only. */
const COUNT_MODE_WINDOW_GUESS_MS = 2_000;

/** Estimated time of the measuring phase, for the progress ETA: the presets' estimate plus overheads. */
export function estimatedMeasuringMs(spec: RunSpec, cells: number): number {
  const runs = (spec.network?.length ?? 1) * cells * spec.trials * 2;
  const windows = estimateMeasuringMs(spec) ?? runs * (spec.warmupMs + COUNT_MODE_WINDOW_GUESS_MS);
  return windows + runs * PER_RUN_OVERHEAD_MS;
}
