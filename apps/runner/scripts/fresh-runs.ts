/**
 * `pnpm bench:fresh-runs`: do the headline intervals describe what a fresh run would find?
 *
 * Runs `pnpm bench` (the quick preset unless told otherwise) `--runs` times, each a fresh process
 * that starts its own services, one after another. For noop, item.get warm and meteorites.get warm
 * it reads both headline figures (latency at one call in flight, capacity per core) and prints how
 * many of the runs' intervals hold the median of all the runs' estimates (18 of 20 wanted) and how
 * many pairs of runs named opposite winners (none wanted), with the machine's load and the time
 * each run took. A benchmark that prints figures: nothing here is a timed test.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseRunResult } from "@relix/core";
import type { RepeatedEstimate } from "@relix/core/stats/calibration";
import { parseCount } from "./lib/local-stack";
import { cellsOf, estimateOf, HEADLINE_FIGURES, type HeadlineFigure } from "./fresh-runs/figures";
import { figureRows, markdownTable } from "./fresh-runs/report";

const USAGE = `usage: pnpm bench:fresh-runs [--runs 20] [--preset quick] [-- more pnpm bench flags]
  --runs    fresh pnpm bench processes, one after another, 2-50; default 20
  --preset  the preset each runs; default quick`;

const CELLS = ["noop", "item.get warm", "meteorites.get warm"] as const;
/** 18 of 20: the share of runs whose intervals must hold the median. */
const NEEDED = 0.9;

const BENCH = resolve(import.meta.dirname, "../bin/relix-bench.js");

function readOptions() {
  const { values, positionals } = parseArgs({
    options: {
      runs: { type: "string", default: "20" },
      preset: { type: "string", default: "quick" },
      help: { type: "boolean", default: false },
    },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return { runs: parseCount(values.runs, "runs", { min: 2, max: 50 }), preset: values.preset, extra: positionals };
}

/** One fresh `pnpm bench`: its result, wall time and the machine's 1-minute load before it. */
function benchOnce(preset: string, extra: readonly string[], json: string) {
  const load = loadavg()[0]!;
  const started = performance.now();
  const run = spawnSync(process.execPath, [BENCH, "--preset", preset, "--json", json, ...extra], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    timeout: 15 * 60_000,
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`pnpm bench failed (exit ${run.status}):\n${run.stderr.slice(-2_000)}`);
  return { result: parseRunResult(JSON.parse(readFileSync(json, "utf8"))), seconds, load };
}

async function main() {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions();
  } catch (error) {
    console.error(`fresh-runs: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "relix-fresh-runs-"));
  const estimates = new Map<string, Record<HeadlineFigure, RepeatedEstimate[]>>(
    CELLS.map((cell) => [cell, { latency: [], capacity: [] }]),
  );
  const times: number[] = [];
  const failures: string[] = [];
  const loads: number[] = [];
  try {
    for (let i = 1; i <= options.runs; i++) {
      let once: ReturnType<typeof benchOnce>;
      try {
        once = benchOnce(options.preset, options.extra, join(dir, `run-${i}.json`));
      } catch (error) {
        // A run that could not start (a port another program held...) is counted and reported, not
        // silently replaced: the figures below rest on the runs that finished.
        failures.push(`run ${i}: ${(error as Error).message.split("\n").slice(-3).join(" ")}`);
        console.error(`[${i}/${options.runs}] failed: ${failures.at(-1)}`);
        continue;
      }
      const { result, seconds, load } = once;
      times.push(seconds);
      loads.push(load);
      const cells = cellsOf(result);
      for (const [key, figures] of estimates) {
        const cell = cells.get(key);
        for (const figure of HEADLINE_FIGURES) {
          const estimate = cell && estimateOf(cell, figure);
          if (estimate) figures[figure].push(estimate);
        }
      }
      console.error(`[${i}/${options.runs}] ${seconds.toFixed(0)} s, load ${load.toFixed(2)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const rows = figureRows(estimates, NEEDED);
  console.log(`pnpm bench --preset ${options.preset} ${options.extra.join(" ")}, ${options.runs} fresh runs`);
  console.log(
    `wall time per run: ${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)} s; 1-minute load before a run: ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)}`,
  );
  console.log(markdownTable(rows));
  if (failures.length > 0) console.log(`${failures.length} run(s) failed:\n${failures.join("\n")}`);
  if (failures.length > 0 || rows.some((row) => !row.holds)) process.exitCode = 1;
}

await main();
