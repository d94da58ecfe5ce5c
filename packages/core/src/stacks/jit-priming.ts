// Priming a stack whose runtime compiles its code under load (service-processes.ts,
// `compilesUnderLoad`: the JVM). Its first seconds of load run interpreted and C1-compiled code,
// and C2 compiles the hot paths on the same cores the run measures on. On this project's two-core
// machine, unprimed, spring's item.get (warm, 8 in flight) went from 1,769 to 5,516 calls/s
// between a run's first trial and its third (1 s warm-up + 3 s window each), grpc-java's from
// 2,981 to 7,690; primed in 2 s rounds, spring rose from 1,005 to 12,777 calls/s and held from its
// 12th round, grpc-java from 1,764 to 8,868 and held from its 9th. A trial's warm-up cannot absorb
// that, and a verdict would depend on how many trials a run had. So before measuring, the engine
// runs each such stack on each cell in rounds and stops when throughput no longer rises: the rule
// is here, the loop in apps/runner/src/engine/launch/jit-priming.ts.
import type { RunSpec } from "../spec/run-spec";
import { stackRecord, type StackId } from "./stacks";
import { serviceProcessRecord } from "./service-processes";

/** One priming round: long enough for a few thousand calls at the usual in-flight counts. */
export const PRIME_ROUND_MS = 2_000;
/** The fewest rounds: one to set the bar, two to see it held. */
export const PRIME_MIN_ROUNDS = 3;
/** The most rounds per stack and cell: 30 s (spring's item.get held from its 12th), bounded whatever the machine does. */
export const PRIME_MAX_ROUNDS = 15;
/** A round beating every earlier round by more than this is still warming up. */
export const PRIME_SETTLED_GAIN = 0.05;

/** At least this many calls in flight while priming: the compiler needs calls, not the cell's pacing. */
export const PRIME_MIN_IN_FLIGHT = 8;

/**
 * The load a stack is primed under: the cell's, but closed loop (an open loop's rate would cap the
 * throughput the rule reads), time-boxed (a count-mode cell's count is for its trials) and with at
 * least PRIME_MIN_IN_FLIGHT calls in flight (study 000's one call at a time gets too few calls
 * through a round for the compiler, which counts calls, not seconds).
 */
export function primingSpec(spec: RunSpec): RunSpec {
  const { rate: _rate, requests: _requests, ...closedLoop } = spec;
  return { ...closedLoop, connections: Math.max(spec.connections, PRIME_MIN_IN_FLIGHT) };
}

/** The stacks of a run that need priming, in the run's order. */
export const stacksToPrime = (stacks: readonly StackId[]): StackId[] =>
  stacks.filter((stack) => serviceProcessRecord(stackRecord(stack).process).compilesUnderLoad === true);

/**
 * Whether throughput has settled after these rounds (calls per second, in order): the last two
 * rounds each stayed within PRIME_SETTLED_GAIN of the best round before them. Two rounds, not one,
 * so one slow round on a busy machine does not end the priming while the compiler is still busy.
 */
export function primingSettled(rpsByRound: readonly number[]): boolean {
  if (rpsByRound.length < PRIME_MIN_ROUNDS) return false;
  const n = rpsByRound.length;
  const heldAgainstBestBefore = (index: number) =>
    rpsByRound[index]! <= Math.max(...rpsByRound.slice(0, index)) * (1 + PRIME_SETTLED_GAIN);
  return heldAgainstBestBefore(n - 1) && heldAgainstBestBefore(n - 2);
}

/**
 * Runs `round` (one priming round, returning its calls per second) until priming has settled or
 * `maxRounds` ran; returns each round's figure. The one loop a run and the floor script both use.
 */
export async function primeInRounds(round: () => Promise<number>, maxRounds = PRIME_MAX_ROUNDS): Promise<number[]> {
  const rpsByRound: number[] = [];
  while (rpsByRound.length < maxRounds && !primingSettled(rpsByRound)) rpsByRound.push(await round());
  return rpsByRound;
}

/** The most priming a run can do, ms: what the time estimates add for it. */
export const primingBoundMs = (stacks: readonly StackId[], cells: number): number =>
  stacksToPrime(stacks).length * cells * PRIME_MAX_ROUNDS * PRIME_ROUND_MS;
