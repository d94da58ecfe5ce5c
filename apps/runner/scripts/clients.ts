/**
 * `pnpm bench:clients`: does the equal client measure what the tools measure where the tools are
 * light, and is it equally light on both sides where they are not?
 *
 * For item.get (warm: small replies, where autocannon and ghz cost little) and meteorites.get
 * (warm: 1,000 records, where ghz decodes each reply through reflection), each round measures
 * four runs of the same servers back to back, the order reversing every round: autocannon and
 * h2load on express, ghz and h2load on grpc-js (the engine's own measureProtocol, the same
 * warm-up, window and in-flight count). It prints the medians of the per-round ratios:
 * - h2load / autocannon and h2load / ghz at p50 and rps: on item.get both within 10% is the target;
 * - h2load's own CPU per call, gRPC side over REST side: below 1.5x on both workloads is the target.
 * Exit code 1 when a target is missed. It also prints, unjudged, the server's own time and CPU per
 * call under h2load against under each tool: whether h2load's calls cost the server what the
 * tool's do, apart from what the client's own CPU takes from the shared cores. With --pin the
 * client runs on its own core and the services on the others, so that share is out of it.
 */
import os from "node:os";
import { getWorkload, median, runSpecSchema, type ProtocolMeasure, type StackId } from "@relix/core";
import { resolveEngineContext, type EngineContext } from "../src/engine/engine-context";
import { pinForRun } from "../src/engine/launch/run-pinning";
import { measureProtocol, type ProtocolRunPlan } from "../src/engine/measure/measure-protocol";
import { startLocalStack } from "./lib/local-stack";
import { watchMachineLoad } from "./lib/machine-load";
import { readComparisonOptions, type ComparisonOptions } from "./lib/script-options";

const NAME = "clients";
const AGREEMENT = 0.1;
const EQUAL_CPU_FACTOR = 1.5;
const WORKLOADS = ["item.get", "meteorites.get"] as const;
/** Agreement is asked where the tools are light: small replies. */
const AGREEMENT_WORKLOADS = new Set<string>(["item.get"]);

const USAGE = `usage: pnpm bench:clients [--duration 5s] [--warmup 1s] [--connections 8] [--rounds 4]
  --duration     measured window of each run, whole seconds, 1-60 s; default 5 s
  --warmup       warm-up before it, whole seconds, 0-30 s; default 1 s
  --connections  requests in flight on every side, 1-256; default 8
  --rounds       rounds of four runs each, order reversing every round, 1-10; default 4
  --pin          the client on its own core, the services on the others (Linux, 2+ cores)`;

type Run = { stack: StackId; clients: "tools" | "equal" };
const RUNS: readonly Run[] = [
  { stack: "express", clients: "tools" },
  { stack: "express", clients: "equal" },
  { stack: "grpc-js", clients: "tools" },
  { stack: "grpc-js", clients: "equal" },
];
const runKey = (run: Run) => `${run.stack}/${run.clients}`;

async function measure(
  workloadId: string,
  run: Run,
  options: ComparisonOptions,
  context: EngineContext,
): Promise<ProtocolMeasure> {
  const workload = getWorkload(workloadId);
  const spec = runSpecSchema.parse({
    workloads: [workloadId],
    cacheModes: ["warm"],
    connections: options.connections,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
    clients: run.clients,
  });
  const protocol = run.stack === "express" ? "rest" : "grpc";
  const plan: ProtocolRunPlan = {
    stack: run.stack,
    workload,
    cacheMode: "warm",
    requests: workload.requests(spec),
    spec,
    cell: { workload: workloadId, cacheMode: "warm", trial: 1, trials: 1, protocol, index: 1, total: 1 },
  };
  const m = await measureProtocol(plan, context, () => {});
  if (m.errors.total > 0) throw new Error(`${runKey(run)} on ${workloadId}: ${m.errors.total} errors`);
  return m;
}

const ratioText = (values: number[]) => `${median(values).toFixed(3)} (${values.map((v) => v.toFixed(2)).join(", ")})`;

async function main() {
  let options: ComparisonOptions;
  try {
    options = readComparisonOptions(USAGE, { rounds: 4 }, ["pin"]);
  } catch (error) {
    console.error(`${NAME}: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  console.error(`${NAME}: starting backends and services...`);
  const stack = await startLocalStack(process.env);
  let pass = true;
  // --pin: the client on its own core, so what it takes from the servers' cores is out of the
  // comparison and what is left is each client's own time per call and what its calls ask of the server.
  const pinning = await pinForRun(options.switches.pin === true, stack.services, process.env);
  try {
    for (const fact of pinning.facts)
      if (fact.kind === "cpu-pinning-unavailable") throw new Error(`--pin: ${fact.reason}`);
    const context = await resolveEngineContext(stack.targets, process.env);
    const load = await watchMachineLoad(stack.targets);
    console.log(
      `\n${options.connections} in flight, ${options.warmupMs / 1000} s warm-up + ${options.durationMs / 1000} s per run, ${options.rounds} rounds of 4 runs (order reversing every round)`,
    );
    console.log(`${os.cpus()[0]?.model.trim()} x${os.cpus().length}, Node ${process.version}`);
    console.log(
      pinning.layout
        ? `pinned: the client on core ${pinning.layout.generator.join(",")}, the services on ${pinning.layout.services.join(",")}\n`
        : "not pinned: the client shares the cores with the services (--pin keeps them apart)\n",
    );
    for (const workloadId of WORKLOADS) {
      // One discarded round first: freshly started services are still compiling their hot paths.
      for (const run of RUNS) await measure(workloadId, run, { ...options, durationMs: 1_000 }, context);
      const rounds: Array<Map<string, ProtocolMeasure>> = [];
      for (let round = 0; round < options.rounds; round++) {
        console.error(`${NAME}: ${workloadId} round ${round + 1}/${options.rounds}`);
        const order = round % 2 === 0 ? RUNS : [...RUNS].reverse();
        const measured = new Map<string, ProtocolMeasure>();
        for (const run of order) measured.set(runKey(run), await measure(workloadId, run, options, context));
        rounds.push(measured);
      }
      const ratios = (equal: string, tool: string, pick: (m: ProtocolMeasure) => number) =>
        rounds.map((r) => pick(r.get(equal)!) / pick(r.get(tool)!));
      const p50 = (m: ProtocolMeasure) => m.latencyMs.p50;
      const rps = (m: ProtocolMeasure) => m.rps;
      const cpu = (m: ProtocolMeasure) => m.generator.cpuMsPerRequest ?? Number.NaN;
      const rows = [
        [
          "REST: h2load / autocannon",
          ratios("express/equal", "express/tools", p50),
          ratios("express/equal", "express/tools", rps),
        ],
        [
          "gRPC: h2load / ghz",
          ratios("grpc-js/equal", "grpc-js/tools", p50),
          ratios("grpc-js/equal", "grpc-js/tools", rps),
        ],
      ] as const;
      console.log(`${workloadId} (warm)`);
      for (const [label, p50s, rpss] of rows) {
        const agrees = [p50s, rpss].every((values) => Math.abs(median(values) - 1) <= AGREEMENT);
        const judged = AGREEMENT_WORKLOADS.has(workloadId);
        if (judged && !agrees) pass = false;
        console.log(
          `  ${label.padEnd(26)} p50 ${ratioText(p50s).padEnd(36)} rps ${ratioText(rpss).padEnd(36)} ${judged ? (agrees ? "PASS" : "FAIL") : "(not judged: the tools are not light here)"}`,
        );
      }
      const cpuFactor = rounds.map((r) => {
        const [a, b] = [cpu(r.get("grpc-js/equal")!), cpu(r.get("express/equal")!)];
        return Math.max(a, b) / Math.min(a, b);
      });
      const tools = rounds.map((r) => cpu(r.get("grpc-js/tools")!) / cpu(r.get("express/tools")!));
      // The absolute figures behind the ratios: a lighter client leaves the shared cores to the server.
      const perCall = RUNS.map((run) => {
        const values = rounds.map((r) => cpu(r.get(runKey(run))!)).filter(Number.isFinite);
        const tool = rounds[0]!.get(runKey(run))!.generator.tool;
        return `${tool} on ${run.stack} ${values.length > 0 ? median(values).toFixed(3) : "?"} ms`;
      });
      console.log(`  client CPU per call (median): ${perCall.join(", ")}`);
      // The server's side of each call, under h2load and under the tool: the same work whichever
      // client sends the call, if h2load's calls are what the tool's are. Printed, not judged.
      const serverTime = (m: ProtocolMeasure) => m.server.serverTimeMsMean ?? Number.NaN;
      const serverCpu = (m: ProtocolMeasure) => m.cpuMsPerCall?.server ?? Number.NaN;
      const sides = [
        ["REST", "express/equal", "express/tools"],
        ["gRPC", "grpc-js/equal", "grpc-js/tools"],
      ] as const;
      for (const [label, pick] of [
        ["server's own time per call", serverTime],
        ["server CPU per call", serverCpu],
      ] as const) {
        const parts = sides.map(([side, equal, tool]) => {
          const values = ratios(equal, tool, pick).filter(Number.isFinite);
          if (values.length === 0) return `${side} ?`;
          const agrees = Math.abs(median(values) - 1) <= AGREEMENT ? "within 10%" : "not within 10%";
          return `${side} ${ratioText(values)} ${agrees}`;
        });
        console.log(`  ${label}, under h2load / under the tool: ${parts.join("; ")}`);
      }
      const equalPass = median(cpuFactor) < EQUAL_CPU_FACTOR;
      if (!equalPass) pass = false;
      console.log(
        `  client CPU per call, heavier side / lighter: h2load ${ratioText(cpuFactor)} ${equalPass ? "PASS" : "FAIL"} (target < ${EQUAL_CPU_FACTOR}x); ghz / autocannon ${ratioText(tools)}\n`,
      );
    }
    console.log(`${await load.stop()}`);
    console.log(
      `\nTargets: on item.get h2load within ${AGREEMENT * 100}% of each tool at p50 and rps; on both workloads h2load's CPU per call within ${EQUAL_CPU_FACTOR}x between the sides: ${pass ? "PASS" : "FAIL"} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await pinning.release();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`${NAME}: could not run: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 3;
});
