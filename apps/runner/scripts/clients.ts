/**
 * `pnpm bench:clients`: does the equal client measure what the tools measure where the tools are
 * light, and is it equally light on both sides where they are not?
 *
 * For item.get (warm: small replies, where autocannon and ghz cost little) and meteorites.get
 * (warm: 1,000 records, where ghz decodes each reply through reflection), each round measures
 * four runs of the same servers back to back, the order reversing every round: autocannon and
 * relix-load on express, ghz and relix-load on grpc-js (the engine's own measureProtocol, the same
 * warm-up, window and in-flight count). It prints the medians of the per-round ratios:
 * - relix-load / autocannon and relix-load / ghz at p50 and rps: on item.get both within 10% is the target;
 * - relix-load's own CPU per call, gRPC side over REST side: below 1.5x on both workloads is the target.
 * Exit code 1 when a target is missed. It also prints, unjudged, the server's own time and CPU per
 * call under relix-load against under each tool: whether relix-load's calls cost the server what the
 * tool's do, apart from what the client's own CPU takes from the shared cores. With --pin the
 * client runs on its own core and the services on the others, so that share is out of it.
 *
 * This file runs the session; clients/ holds the four runs and how each is measured (measure-run)
 * and the printed report with its targets (report).
 */
import os from "node:os";
import { resolveEngineContext } from "../src/engine/engine-context";
import { pinForRun } from "../src/engine/launch/run-pinning";
import { measureRun, RUNS, runKey, type Round } from "./clients/measure-run";
import { AGREEMENT, EQUAL_CPU_FACTOR, printWorkloadReport } from "./clients/report";
import { startLocalStack } from "./lib/local-stack";
import { watchMachineLoad } from "./lib/machine-load";
import { readComparisonOptions, type ComparisonOptions } from "./lib/script-options";

const NAME = "clients";
const WORKLOADS = ["item.get", "meteorites.get"] as const;

const USAGE = `usage: pnpm bench:clients [--duration 5s] [--warmup 1s] [--connections 8] [--rounds 4]
  --duration     measured window of each run, whole seconds, 1-60 s; default 5 s
  --warmup       warm-up before it, whole seconds, 0-30 s; default 1 s
  --connections  requests in flight on every side, 1-256; default 8
  --rounds       rounds of four runs each, order reversing every round, 1-10; default 4
  --pin          the client on its own core, the services on the others (Linux, 2+ cores)`;

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
      for (const run of RUNS) await measureRun(workloadId, run, { ...options, durationMs: 1_000 }, context);
      const rounds: Round[] = [];
      for (let round = 0; round < options.rounds; round++) {
        console.error(`${NAME}: ${workloadId} round ${round + 1}/${options.rounds}`);
        const order = round % 2 === 0 ? RUNS : [...RUNS].reverse();
        const measured: Round = new Map();
        for (const run of order) measured.set(runKey(run), await measureRun(workloadId, run, options, context));
        rounds.push(measured);
      }
      if (!printWorkloadReport(workloadId, rounds)) pass = false;
    }
    console.log(`${await load.stop()}`);
    console.log(
      `\nTargets: on item.get relix-load within ${AGREEMENT * 100}% of each tool at p50 and rps; on both workloads relix-load's CPU per call within ${EQUAL_CPU_FACTOR}x between the sides: ${pass ? "PASS" : "FAIL"} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
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
