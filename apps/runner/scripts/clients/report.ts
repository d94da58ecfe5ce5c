/**
 * What bench:clients prints for one workload, from the medians of the per-round ratios: the equal
 * client against each tool (p50, rps), each client's CPU per call, the server's side of each call,
 * and the equal client's CPU per call between the sides.
 */
import { median, type ProtocolMeasure } from "@relix/core";
import { RUNS, runKey, type Round } from "./measure-run";

export const AGREEMENT = 0.1;
export const EQUAL_CPU_FACTOR = 1.5;
/** Agreement is asked where the tools are light: small replies. */
const AGREEMENT_WORKLOADS = new Set<string>(["item.get"]);

type Figure = (m: ProtocolMeasure) => number;

const ratioText = (values: number[]) => `${median(values).toFixed(3)} (${values.map((v) => v.toFixed(2)).join(", ")})`;
/** Each round's figure of the `equal` run over the `tool` run's. */
const ratios = (rounds: Round[], equal: string, tool: string, pick: Figure) =>
  rounds.map((r) => pick(r.get(equal)!) / pick(r.get(tool)!));
const cpu: Figure = (m) => m.generator.cpuMsPerRequest ?? Number.NaN;

/** Prints one workload's lines; false when a target is missed. */
export function printWorkloadReport(workloadId: string, rounds: Round[]): boolean {
  console.log(`${workloadId} (warm)`);
  const agrees = printAgreement(workloadId, rounds);
  printClientCpu(rounds);
  printServerSide(rounds);
  const balanced = printCpuBalance(rounds);
  return agrees && balanced;
}

/** relix-load / autocannon and relix-load / ghz at p50 and rps, judged only where the tools are light. */
function printAgreement(workloadId: string, rounds: Round[]): boolean {
  const p50: Figure = (m) => m.latencyMs.p50;
  const rps: Figure = (m) => m.rps;
  const rows = [
    [
      "REST: relix-load / autocannon",
      ratios(rounds, "express/equal", "express/tools", p50),
      ratios(rounds, "express/equal", "express/tools", rps),
    ],
    [
      "gRPC: relix-load / ghz",
      ratios(rounds, "grpc-js/equal", "grpc-js/tools", p50),
      ratios(rounds, "grpc-js/equal", "grpc-js/tools", rps),
    ],
  ] as const;
  let pass = true;
  for (const [label, p50s, rpss] of rows) {
    const agrees = [p50s, rpss].every((values) => Math.abs(median(values) - 1) <= AGREEMENT);
    const judged = AGREEMENT_WORKLOADS.has(workloadId);
    if (judged && !agrees) pass = false;
    console.log(
      `  ${label.padEnd(26)} p50 ${ratioText(p50s).padEnd(36)} rps ${ratioText(rpss).padEnd(36)} ${judged ? (agrees ? "PASS" : "FAIL") : "(not judged: the tools are not light here)"}`,
    );
  }
  return pass;
}

/** The absolute figures behind the ratios: a lighter client leaves the shared cores to the server. */
function printClientCpu(rounds: Round[]): void {
  const perCall = RUNS.map((run) => {
    const values = rounds.map((r) => cpu(r.get(runKey(run))!)).filter(Number.isFinite);
    const tool = rounds[0]!.get(runKey(run))!.generator.tool;
    return `${tool} on ${run.stack} ${values.length > 0 ? median(values).toFixed(3) : "?"} ms`;
  });
  console.log(`  client CPU per call (median): ${perCall.join(", ")}`);
}

/**
 * The server's side of each call, under relix-load and under the tool: the same work whichever
 * client sends the call, if relix-load's calls are what the tool's are. Printed, not judged.
 */
function printServerSide(rounds: Round[]): void {
  const serverTime: Figure = (m) => m.server.serverTimeMsMean ?? Number.NaN;
  const serverCpu: Figure = (m) => m.cpuMsPerCall?.server ?? Number.NaN;
  const sides = [
    ["REST", "express/equal", "express/tools"],
    ["gRPC", "grpc-js/equal", "grpc-js/tools"],
  ] as const;
  for (const [label, pick] of [
    ["server's own time per call", serverTime],
    ["server CPU per call", serverCpu],
  ] as const) {
    const parts = sides.map(([side, equal, tool]) => {
      const values = ratios(rounds, equal, tool, pick).filter(Number.isFinite);
      if (values.length === 0) return `${side} ?`;
      const agrees = Math.abs(median(values) - 1) <= AGREEMENT ? "within 10%" : "not within 10%";
      return `${side} ${ratioText(values)} ${agrees}`;
    });
    console.log(`  ${label}, under relix-load / under the tool: ${parts.join("; ")}`);
  }
}

/** relix-load's CPU per call, heavier side over lighter, against the target; ghz / autocannon beside it. */
function printCpuBalance(rounds: Round[]): boolean {
  const cpuFactor = rounds.map((r) => {
    const [a, b] = [cpu(r.get("grpc-js/equal")!), cpu(r.get("express/equal")!)];
    return Math.max(a, b) / Math.min(a, b);
  });
  const tools = rounds.map((r) => cpu(r.get("grpc-js/tools")!) / cpu(r.get("express/tools")!));
  const equalPass = median(cpuFactor) < EQUAL_CPU_FACTOR;
  console.log(
    `  client CPU per call, heavier side / lighter: relix-load ${ratioText(cpuFactor)} ${equalPass ? "PASS" : "FAIL"} (target < ${EQUAL_CPU_FACTOR}x); ghz / autocannon ${ratioText(tools)}\n`,
  );
  return equalPass;
}
