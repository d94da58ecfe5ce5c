import type { CallerRuntime } from "@relix/core";
import type { RoundTask, Worker } from "./worker-process";

/** One codec of one runtime, and the process that measures it. */
export interface Candidate {
  runtime: CallerRuntime;
  codec: string;
  worker: Worker;
}

export interface Schedule {
  rounds: number;
  warmupRounds: number;
  roundMs: number;
}

export type Op = RoundTask["op"];
export const timingKey = (workload: string, c: Pick<Candidate, "runtime" | "codec">, op: Op) =>
  `${workload}|${c.runtime}|${c.codec}|${op}`;

/** Whether a candidate has anything to encode for this workload (a GET's REST call has no body). */
export const encodes = (c: Candidate, workload: string) =>
  c.worker.hello.workloads[workload]?.[c.codec]?.encodedRequestBytes != null;

/**
 * CPU µs per call of each round, per workload x candidate x operation. Rounds take turns: within one
 * pass every candidate runs one round of every workload and operation, one at a time (the others
 * wait on their stdin), and the candidates' order rotates from pass to pass, so a drift of the
 * machine, or of its other tenants, hits every candidate alike. The first passes warm the code up
 * and are not kept.
 */
export async function measureInterleaved(
  candidates: Candidate[],
  workloads: string[],
  schedule: Schedule,
  onPass: (pass: number, passes: number) => void,
): Promise<Map<string, number[]>> {
  const perCallUs = new Map<string, number[]>();
  const passes = schedule.warmupRounds + schedule.rounds;
  for (let pass = 0; pass < passes; pass++) {
    onPass(pass, passes);
    const order = candidates.map((_, i) => candidates[(i + pass) % candidates.length]!);
    for (const workload of workloads) {
      for (const op of ["encode", "decode"] as const) {
        for (const candidate of order) {
          if (op === "encode" && !encodes(candidate, workload)) continue;
          const { calls, cpuNs } = await candidate.worker.round({
            workload,
            codec: candidate.codec,
            op,
            minNs: schedule.roundMs * 1e6,
          });
          if (pass < schedule.warmupRounds) continue;
          const key = timingKey(workload, candidate, op);
          perCallUs.set(key, [...(perCallUs.get(key) ?? []), cpuNs / calls / 1000]);
        }
      }
    }
  }
  return perCallUs;
}
