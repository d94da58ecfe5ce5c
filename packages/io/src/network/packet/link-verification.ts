import { runNodeProgram } from "./node-in-namespace";
import { LINK_PROBE_PROGRAM } from "./probe-programs";

/** What a link was measured to do, as the placement records it. */
export interface LinkVerification {
  /** Median of the one-byte round trips over one warm TCP connection, ms. */
  rttMs: number;
  /** Median TCP connect time (the handshake: one round trip), ms; null when none was timed. */
  connectMs: number | null;
  rttSamplesMs: number[];
  connectSamplesMs: number[];
}

export interface ProbeTarget {
  /** The client side's `ip netns exec <namespace>`. */
  clientExec: readonly string[];
  host: string;
  port: number;
}

const ROUND_TRIPS = 20;
const CONNECTS = 5;

/**
 * From the client namespace to the echo server in the server namespace, across the veth and both
 * emulators: `roundTrips` one-byte echoes and `connects` TCP connects, each median reported.
 * Bounded: the probe is given room for its round trips at the slowest RTT a placement may ask
 * (1 s), plus Node's start.
 */
export async function probeLink(
  target: ProbeTarget,
  { roundTrips = ROUND_TRIPS, connects = CONNECTS } = {},
): Promise<LinkVerification> {
  const timeoutMs = 10_000 + (roundTrips + connects + 3) * 2_000;
  const result = (await runNodeProgram(
    target.clientExec,
    LINK_PROBE_PROGRAM,
    [target.host, String(target.port), String(roundTrips), String(connects)],
    timeoutMs,
  )) as { rttMs: number[]; connectMs: number[] };
  return {
    rttMs: round(median(result.rttMs)),
    connectMs: result.connectMs.length > 0 ? round(median(result.connectMs)) : null,
    rttSamplesMs: result.rttMs.map(round),
    connectSamplesMs: result.connectMs.map(round),
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
