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
 */
import { parseArgs } from "node:util";
import { median, runSpecSchema, type RunResult, type RunSpec } from "@relix/core";
import { mulberry32 } from "@relix/core/stats/seeded-random";
import { resolveEngineContext } from "../src/engine/engine-context";
import { runBenchmark } from "../src/engine/run-benchmark";
import { parseCount, parseSeconds, startLocalStack } from "./lib/local-stack";

const USAGE = `usage: pnpm bench:pinning [--rounds 5] [--duration 2s] [--warmup 1s] [--connections 8]
  --rounds       runs per mode, interleaved off/on, 2-20; default 5
  --duration     measured window per cell and protocol, 1-30 s; default 2 s
  --warmup       warm-up before it, 0-10 s; default 1 s
  --connections  requests in flight per protocol, 1-256; default 8`;

const WORKLOADS = ["noop", "item.get"] as const;
type Mode = "off" | "on";
/** One figure of one run: `${workload} ${side} ${metric}`. */
type Figures = Map<string, number>;

function figuresOf(result: RunResult): Figures {
  const figures: Figures = new Map();
  for (const cell of result.cells) {
    for (const side of ["rest", "grpc"] as const) {
      figures.set(`${cell.workload} ${side} rps`, cell[side].rps);
      figures.set(`${cell.workload} ${side} p50 ms`, cell[side].latencyMs.p50);
    }
    // REST p50 over gRPC p50: above 1 means gRPC answers faster.
    figures.set(`${cell.workload} p50 ratio`, cell.rest.latencyMs.p50 / cell.grpc.latencyMs.p50);
  }
  return figures;
}

/** Percentile bootstrap of the median, seeded so a rerun on the same figures prints the same interval. */
function medianInterval(values: readonly number[]): { low: number; high: number } {
  const random = mulberry32(0x5eed);
  const medians: number[] = [];
  for (let i = 0; i < 2_000; i++) {
    medians.push(median(values.map(() => values[Math.floor(random() * values.length)]!)));
  }
  medians.sort((a, b) => a - b);
  return { low: medians[Math.floor(0.025 * medians.length)]!, high: medians[Math.ceil(0.975 * medians.length) - 1]! };
}

function spread(values: readonly number[]) {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / Math.max(1, values.length - 1));
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), cv: sd / mean };
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(3));
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

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

    console.log(
      `pinning: ${options.rounds} rounds per mode, ${WORKLOADS.join(" + ")} warm, ${options.durationMs / 1000} s windows, ` +
        `${options.connections} in flight; pinned layout: generator cores ${layout!.generator.join(",")}, services cores ${layout!.services.join(",")}`,
    );
    console.log("figure                    | mode | median   | min-max             | CV");
    const names = [...runs.off[0]!.keys()];
    let narrower = 0;
    for (const name of names) {
      const cv: Record<Mode, number> = { off: 0, on: 0 };
      for (const mode of ["off", "on"] as const) {
        const s = spread(runs[mode].map((f) => f.get(name)!));
        cv[mode] = s.cv;
        console.log(
          `${name.padEnd(25)} | ${mode.padEnd(4)} | ${fmt(s.median).padEnd(8)} | ${`${fmt(s.min)}-${fmt(s.max)}`.padEnd(19)} | ${pct(s.cv)}`,
        );
      }
      if (cv.on < cv.off) narrower++;
    }
    let moved = 0;
    for (const workload of WORKLOADS) {
      const name = `${workload} p50 ratio`;
      const [off, on] = (["off", "on"] as const).map((mode) => {
        const values = runs[mode].map((f) => f.get(name)!);
        return { median: median(values), ...medianInterval(values) };
      });
      const apart = off!.high < on!.low || on!.high < off!.low;
      if (apart) moved++;
      console.log(
        `${name}: off ${fmt(off!.median)} [${fmt(off!.low)}, ${fmt(off!.high)}], on ${fmt(on!.median)} [${fmt(on!.low)}, ${fmt(on!.high)}]: ` +
          (apart ? "MOVED (intervals do not overlap)" : "not moved (intervals overlap)"),
      );
    }
    const narrows = narrower > names.length / 2;
    console.log(
      `spread narrower with pinning on ${narrower} of ${names.length} figures (CV); ratios moved beyond their intervals: ${moved} of ${WORKLOADS.length}`,
    );
    console.log(
      `verdict: ${narrows && moved === 0 ? "pinning narrows the spread without moving the ratios: on by default is justified" : "pinning does not both narrow the spread and keep the ratios: keep it off by default"}`,
    );
  } finally {
    await stack.stop();
  }
}

await main();
