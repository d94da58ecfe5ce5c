// Capacity: calls per second per server core (1 / server CPU per call), a figure of the server
// alone. It is a capacity only where the load kept the server busy: below SATURATED_CORE_SHARE of
// a core the server idled part of the window, waiting on its client or the wire, and what it
// would serve flat out is not shown by this window.
import { callsPerCoreSecond } from "./speedup";

/** A server busy less than this share of one core over the window is "not saturated". */
export const SATURATED_CORE_SHARE = 0.8;

/** One server's capacity figures at a load: calls per core-second, its busy share of a core, its rate. */
export interface CapacityFigures {
  perCore: number | null;
  coreShare: number | null;
  rps: number;
}

/** From a side's summary: its rate and its server's CPU ms per 1,000 calls (null: not reported). */
export function capacityOf(side: { rps: number; server: { cpuMsPer1000: number | null } }): CapacityFigures {
  const perCore = callsPerCoreSecond(side.server.cpuMsPer1000);
  const cpuMsPer1000 = side.server.cpuMsPer1000;
  return {
    perCore: perCore > 0 ? perCore : null,
    coreShare: cpuMsPer1000 !== null && cpuMsPer1000 > 0 ? (side.rps * cpuMsPer1000) / 1_000_000 : null,
    rps: side.rps,
  };
}

/** Whether both servers were busy enough for their figures to be capacities. */
export function bothSaturated(rest: CapacityFigures, grpc: CapacityFigures): boolean {
  return [rest, grpc].every((side) => side.coreShare !== null && side.coreShare >= SATURATED_CORE_SHARE);
}
