import type { RunSpec } from "./run-spec";

/**
 * The spec one workload's cells run with: the run's own, or with the workload's own load in place
 * of rate and connections (one gRPC channel per in-flight slot, as each user has its own).
 * Everything that offers or describes load reads it through here, so a cell never mixes the two.
 */
export function specForWorkload<S extends RunSpec>(spec: S, workload: string): S {
  const own = spec.workloadLoads?.[workload];
  if (own === undefined) return spec;
  return { ...spec, rate: own.rate, connections: own.connections, grpcConnections: own.connections };
}
