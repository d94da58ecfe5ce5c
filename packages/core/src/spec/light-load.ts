// Latency at light load: what a caller waits when the server is not queueing. A closed loop of N
// calls in flight on a busy server measures queueing (Little's law: N / throughput), which tracks
// the server's CPU per call, not what one call costs: at 8 in flight both Node servers ran at about
// one core, and every p50 ratio followed the throughput ratio. So where a cell's own load keeps
// more than one call in flight in a closed loop, the pair is measured again with one call in
// flight, and that is the cell's latency; its own load's figures are "under saturation".
import type { RunSpec } from "./run-spec";

/** Calls in flight at light load, on each side: one, over one connection. */
export const LIGHT_LOAD_IN_FLIGHT = 1;

/** The spec fields that decide whether a cell is measured again at light load. */
export type LightLoadInput = Pick<RunSpec, "connections"> &
  Partial<Pick<RunSpec, "rate" | "workloadLoads" | "sweep" | "requests">>;

/**
 * Whether a workload's cells are measured again at one call in flight: a closed loop with more than
 * one call in flight. An open loop at a rate already answers the latency question (each call timed
 * from its due time), and so does a closed loop of one. A sweep maps its own axis and is not
 * measured twice (sweeping the in-flight count shows where latency turns over), and a count run
 * (`requests`) measures the calls it was asked for and no others: both label their latency by
 * their own load.
 */
export function lightLoadMeasured(spec: LightLoadInput, workload: string): boolean {
  if (spec.sweep || spec.requests !== undefined) return false;
  const own = spec.workloadLoads?.[workload];
  const rate = own ? own.rate : spec.rate;
  const connections = own ? own.connections : spec.connections;
  return rate === undefined && connections > LIGHT_LOAD_IN_FLIGHT;
}

/** A spec's load at one call in flight over one connection each, for `clients`' programs. */
export function lightLoadSpec<S extends RunSpec>(spec: S, clients: RunSpec["clients"]): S {
  return { ...spec, connections: LIGHT_LOAD_IN_FLIGHT, grpcConnections: LIGHT_LOAD_IN_FLIGHT, clients };
}
