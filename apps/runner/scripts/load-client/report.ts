/**
 * What bench:load-client prints, from the medians of the per-round ratios, with its targets:
 * - at 8 in flight, relix-load's CPU per call at most 1.5x h2load's on item.get (each side), and
 *   its p50 and rps within 10% of h2load's (item.get and meteorites.get, each side);
 * - at one call in flight, its own CPU per call under 10% of each side's p50 (its share of a
 *   latency ratio is then bounded), printed for both workloads;
 * - in an open loop at half the slower side's capacity, the rate it reached within 1% of its target.
 */
import { median, type ProtocolMeasure } from "@relix/core";
import type { Round } from "./measure-run";

export const TARGETS = { cpuFactor: 1.5, agreement: 0.1, cpuShareOfP50: 0.1, rateError: 0.01 } as const;

type Figure = (m: ProtocolMeasure) => number;
const cpu: Figure = (m) => m.generator.cpuMsPerRequest ?? Number.NaN;
const p50: Figure = (m) => m.latencyMs.p50;
const rps: Figure = (m) => m.rps;

const list = (values: number[], digits = 2) => values.map((v) => v.toFixed(digits)).join(", ");
const ratiosOf = (rounds: Round[], stack: string, pick: Figure) =>
  rounds.map((r) => pick(r.get(`${stack}/relix-load`)!) / pick(r.get(`${stack}/h2load`)!));
const mark = (pass: boolean, judged = true) => (judged ? (pass ? "PASS" : "FAIL") : "(printed, not judged)");

/** One workload at `inFlight`: relix-load against h2load on each side; false when a judged target is missed. */
export function printComparison(workloadId: string, inFlight: number, rounds: Round[]): boolean {
  console.log(`${workloadId} (warm), ${inFlight} in flight`);
  let pass = true;
  for (const stack of ["express", "grpc-js"]) {
    const cpuRatios = ratiosOf(rounds, stack, cpu);
    const p50Ratios = ratiosOf(rounds, stack, p50);
    const rpsRatios = ratiosOf(rounds, stack, rps);
    const cpuJudged = inFlight > 1 && workloadId === "item.get";
    const cpuPass = median(cpuRatios) <= TARGETS.cpuFactor;
    const agreementJudged = inFlight > 1;
    const agrees = [p50Ratios, rpsRatios].every((r) => Math.abs(median(r) - 1) <= TARGETS.agreement);
    if ((cpuJudged && !cpuPass) || (agreementJudged && !agrees)) pass = false;
    const own = (client: string, pick: Figure) => median(rounds.map((r) => pick(r.get(`${stack}/${client}`)!)));
    console.log(
      `  ${stack.padEnd(8)} relix-load / h2load: CPU per call ${median(cpuRatios).toFixed(2)}x (${list(cpuRatios)}) ${mark(cpuPass, cpuJudged)}; ` +
        `p50 ${median(p50Ratios).toFixed(3)} (${list(p50Ratios)}), rps ${median(rpsRatios).toFixed(3)} (${list(rpsRatios)}) ${mark(agrees, agreementJudged)}`,
    );
    console.log(
      `           CPU per call relix-load ${(own("relix-load", cpu) * 1000).toFixed(1)} µs, h2load ${(own("h2load", cpu) * 1000).toFixed(1)} µs; ` +
        `p50 ${own("relix-load", p50).toFixed(3)} / ${own("h2load", p50).toFixed(3)} ms; rps ${own("relix-load", rps).toFixed(0)} / ${own("h2load", rps).toFixed(0)}`,
    );
    if (inFlight === 1) {
      const shares = rounds.map((r) => cpu(r.get(`${stack}/relix-load`)!) / p50(r.get(`${stack}/relix-load`)!));
      const sharePass = median(shares) < TARGETS.cpuShareOfP50;
      if (workloadId === "item.get" && !sharePass) pass = false;
      console.log(
        `           relix-load's CPU per call / the side's p50: ${(median(shares) * 100).toFixed(1)}% (${shares.map((s) => (s * 100).toFixed(1)).join(", ")}) ${mark(sharePass, workloadId === "item.get")}`,
      );
    }
  }
  return pass;
}

/** The open loop: the rate reached against the target, per side; false when a side misses it. */
export function printOpenLoop(workloadId: string, target: number, measures: Map<string, ProtocolMeasure[]>): boolean {
  console.log(`${workloadId} (warm), open loop at ${target.toFixed(0)} calls/s (half the slower side's capacity)`);
  let pass = true;
  for (const [stack, runs] of measures) {
    const errors = runs.map((m) => m.rps / target - 1);
    const ok = Math.abs(median(errors)) <= TARGETS.rateError;
    if (!ok) pass = false;
    const corrected = runs.map((m) => m.latencyMs.p50);
    console.log(
      `  ${stack.padEnd(8)} reached ${median(runs.map((m) => m.rps)).toFixed(1)} calls/s, ${(median(errors) * 100).toFixed(2)}% off (${errors.map((e) => (e * 100).toFixed(2)).join(", ")}%) ${mark(ok)}; p50 ${list(corrected, 3)} ms`,
    );
  }
  return pass;
}
