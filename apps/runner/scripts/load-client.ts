/**
 * `pnpm bench:load-client`: is relix-load, the client for both sides, as light and as faithful as
 * h2load, the client it replaced, where h2load can measure?
 *
 * On express and grpc-js, for item.get and meteorites.get (warm, one key: h2load sends one body),
 * each round measures four runs back to back, the order reversing every round: relix-load and
 * h2load on each side (the engine's own measureProtocol, the same warm-up, window and in-flight
 * count), at 8 calls in flight and at one. Then relix-load alone in an open loop on each side at
 * half the slower side's capacity (its rps at 8 in flight). It prints the medians of the
 * per-round ratios against the targets in load-client/report.ts, and exits 1 when one is missed.
 * A benchmark that prints figures: nothing here is a timed test.
 */
import os from "node:os";
import { median, type ProtocolMeasure } from "@relix/core";
import { resolveEngineContext } from "../src/engine/engine-context";
import { measureRun, RUNS, runKey, type Round, type Window } from "./load-client/measure-run";
import { printComparison, printOpenLoop } from "./load-client/report";
import { startLocalStack } from "./lib/local-stack";
import { watchMachineLoad } from "./lib/machine-load";
import { readComparisonOptions, type ComparisonOptions } from "./lib/script-options";

const NAME = "load-client";
const WORKLOADS = ["item.get", "meteorites.get"] as const;
const IN_FLIGHT = [8, 1] as const;

const USAGE = `usage: pnpm bench:load-client [--duration 3s] [--warmup 1s] [--rounds 4]
  --duration  measured window of each run, whole seconds, 1-60 s; default 3 s
  --warmup    warm-up before it, whole seconds, 0-30 s; default 1 s
  --rounds    rounds of four runs each, order reversing every round, 1-10; default 4`;

async function roundsOf(workloadId: string, window: Window, rounds: number, context: Parameters<typeof measureRun>[3]) {
  // One discarded round first: freshly started services are still compiling their hot paths.
  for (const run of RUNS) await measureRun(workloadId, run, { ...window, durationMs: 1_000 }, context);
  const measured: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    console.error(`${NAME}: ${workloadId} at ${window.inFlight} in flight, round ${round + 1}/${rounds}`);
    const order = round % 2 === 0 ? RUNS : [...RUNS].reverse();
    const one: Round = new Map();
    for (const run of order) one.set(runKey(run), await measureRun(workloadId, run, window, context));
    measured.push(one);
  }
  return measured;
}

async function main() {
  let options: ComparisonOptions;
  try {
    options = readComparisonOptions(USAGE, { rounds: 4, duration: "3s" });
  } catch (error) {
    console.error(`${NAME}: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const { durationMs } = options;
  const started = performance.now();
  console.error(`${NAME}: starting backends and services...`);
  const stack = await startLocalStack(process.env);
  let pass = true;
  try {
    const context = await resolveEngineContext(stack.targets, process.env);
    const load = await watchMachineLoad(stack.targets);
    console.log(
      `\n${options.warmupMs / 1000} s warm-up + ${durationMs / 1000} s per run, ${options.rounds} rounds of 4 runs (order reversing every round), one key`,
    );
    console.log(`${os.cpus()[0]?.model.trim()} x${os.cpus().length}, Node ${process.version}\n`);
    for (const workloadId of WORKLOADS) {
      let capacity = Number.POSITIVE_INFINITY;
      for (const inFlight of IN_FLIGHT) {
        const window = { warmupMs: options.warmupMs, durationMs, inFlight };
        const rounds = await roundsOf(workloadId, window, options.rounds, context);
        if (!printComparison(workloadId, inFlight, rounds)) pass = false;
        if (inFlight === 8) {
          for (const side of ["express", "grpc-js"])
            capacity = Math.min(capacity, median(rounds.map((r) => r.get(`${side}/relix-load`)!.rps)));
        }
      }
      const target = Math.max(1, Math.round(capacity / 2));
      const open = new Map<string, ProtocolMeasure[]>();
      for (const run of RUNS.filter((r) => r.client === "relix-load")) {
        const runs: ProtocolMeasure[] = [];
        for (let round = 0; round < Math.min(options.rounds, 3); round++) {
          console.error(`${NAME}: ${workloadId} open loop on ${run.stack}, ${round + 1}`);
          runs.push(
            await measureRun(
              workloadId,
              run,
              { warmupMs: options.warmupMs, durationMs, inFlight: 8, rate: target },
              context,
            ),
          );
        }
        open.set(run.stack, runs);
      }
      if (!printOpenLoop(workloadId, target, open)) pass = false;
      console.log("");
    }
    console.log(`${await load.stop()}`);
    console.log(
      `\nTargets (load-client/report.ts): ${pass ? "PASS" : "FAIL"} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`${NAME}: could not run: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 3;
});
