/**
 * `pnpm bench:pinning`: does keeping the load generator and the servers on disjoint cores make
 * repeated runs agree more closely, without moving the REST/gRPC ratios?
 *
 * The same short spec (noop and item.get, warm, one trial) runs `--rounds` times with pinning off
 * and on, interleaved (off, on, off, on...) against one stack, so drift of the machine hits both
 * modes alike. Per mode it prints each side's rps and p50 and the p50 ratio: median, min-max and
 * coefficient of variation over the rounds. The ratios' medians get a bootstrap 95% interval over
 * the rounds; "moved" means the two modes' intervals do not overlap. Pinning earns its place as the
 * default only when the spread narrows and the ratios do not move.
 *
 * This file runs the session; pinning/ holds the figures read from each run (figures) and the
 * printed report with its verdict (report).
 */
import { parseArgs } from "node:util";
import { runSpecSchema, type RunResult, type RunSpec } from "@relix/core";
import { resolveEngineContext } from "../src/engine/engine-context";
import { runBenchmark } from "../src/engine/run-benchmark";
import { parseCount, parseSeconds, startLocalStack } from "./lib/local-stack";
import { figuresOf, type Figures, type Mode } from "./pinning/figures";
import { printPinningReport } from "./pinning/report";

const USAGE = `usage: pnpm bench:pinning [--rounds 5] [--duration 2s] [--warmup 1s] [--connections 8]
  --rounds       runs per mode, interleaved off/on, 2-20; default 5
  --duration     measured window per cell and protocol, 1-30 s; default 2 s
  --warmup       warm-up before it, 0-10 s; default 1 s
  --connections  requests in flight per protocol, 1-256; default 8`;

const WORKLOADS = ["noop", "item.get"] as const;

function readOptions() {
  const { values } = parseArgs({
    options: {
      rounds: { type: "string", default: "5" },
      duration: { type: "string", default: "2s" },
      warmup: { type: "string", default: "1s" },
      connections: { type: "string", default: "8" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    rounds: parseCount(values.rounds, "rounds", { min: 2, max: 20 }),
    durationMs: parseSeconds(values.duration, "duration", { min: 1_000, max: 30_000 }),
    warmupMs: parseSeconds(values.warmup, "warmup", { min: 0, max: 10_000 }),
    connections: parseCount(values.connections, "connections", { min: 1, max: 256 }),
  };
}

async function main() {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions();
  } catch (error) {
    console.error(`pinning: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  console.error("pinning: starting backends and services...");
  const stack = await startLocalStack(process.env);
  try {
    const context = await resolveEngineContext(stack.targets, process.env);
    const specOf = (pinCores: boolean): RunSpec =>
      runSpecSchema.parse({
        workloads: [...WORKLOADS],
        cacheModes: ["warm"],
        connections: options.connections,
        durationMs: options.durationMs,
        warmupMs: options.warmupMs,
        trials: 1,
        pinCores,
      });
    const runOnce = (mode: Mode) => runBenchmark(specOf(mode === "on"), { context, services: stack.services });

    console.error("pinning: settling run (discarded)");
    await runOnce("off");
    const runs: Record<Mode, Figures[]> = { off: [], on: [] };
    let layout: RunResult["environment"]["cpuLayout"] = null;
    for (let round = 1; round <= options.rounds; round++) {
      // Alternate which mode goes first, so neither always follows the other.
      const order: Mode[] = round % 2 === 1 ? ["off", "on"] : ["on", "off"];
      for (const mode of order) {
        console.error(`pinning: round ${round}/${options.rounds}, pinning ${mode}`);
        const result = await runOnce(mode);
        if (mode === "on") {
          layout = result.environment.cpuLayout ?? null;
          if (!layout) throw new Error(`pinning was asked for but not applied: ${JSON.stringify(result.facts)}`);
        }
        runs[mode].push(figuresOf(result));
      }
    }

    const { rounds, durationMs, connections } = options;
    printPinningReport({ rounds, durationMs, connections, workloads: WORKLOADS, layout: layout! }, runs);
  } finally {
    await stack.stop();
  }
}

await main();
