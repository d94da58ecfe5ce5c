import { getWorkload, type CacheMode, type Protocol, type RunSpec, type Workload } from "@relix/shared";

export interface PlannedCell {
  workload: Workload;
  /** What the services are asked for ("warm" for workloads that never read through the cache). */
  cacheMode: CacheMode;
  /** What the result calls it. */
  resultCacheMode: CacheMode | "none";
}

/** workload x cache mode, in the spec's order. Cache modes only multiply workloads that use the cache. */
export function planCells(spec: RunSpec): PlannedCell[] {
  return spec.workloads.flatMap((id): PlannedCell[] => {
    const workload = getWorkload(id);
    if (!workload.usesCache) return [{ workload, cacheMode: "warm", resultCacheMode: "none" }];
    return spec.cacheModes.map((mode) => ({ workload, cacheMode: mode, resultCacheMode: mode }));
  });
}

/**
 * REST first on even-numbered protocol pairs, gRPC first on odd ones, counted across the whole
 * run: neither protocol always gets the warmer machine.
 */
export function protocolOrder(pairIndex: number): [Protocol, Protocol] {
  return pairIndex % 2 === 0 ? ["rest", "grpc"] : ["grpc", "rest"];
}

/** Estimated time of the measuring phase, for the progress ETA (both protocols, every trial). */
export function estimatedMeasuringMs(spec: RunSpec, cells: number): number {
  const perProtocol = spec.requests ? spec.warmupMs + 2_000 : spec.warmupMs + spec.durationMs + 600;
  return cells * spec.trials * 2 * perProtocol;
}
