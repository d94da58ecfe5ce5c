/**
 * `pnpm bench:variance`: where does the variance of the headline ratios live on this machine,
 * between launches of the servers or between the slices of one launch?
 *
 * Runs `pnpm bench` once with `--trials N` (each trial a launch: every server process started
 * afresh), then for every cell and headline figure splits the spread of the paired slices' log
 * ratios into a launch effect and slice noise (core stats/variance-levels.ts), and says what a
 * launch mean's variance is made of. That decides a preset's launches and slice length: when the
 * launch effect dominates, only more launches narrow an interval; when slices dominate, longer
 * windows do. Or reads an existing result: `pnpm bench:variance --result FILE`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseRunResult, varianceLevels, type RunResult } from "@relix/core";
import { parseCount } from "./lib/local-stack";
import { cellKey, HEADLINE_FIGURES, sliceLogRatios } from "./fresh-runs/figures";

const USAGE = `usage: pnpm bench:variance [--launches 6] [--preset quick] [--result FILE] [-- more pnpm bench flags]
  --launches  launches (trials) of the one run, 2-20; default 6
  --preset    the preset it runs; default quick
  --result    read this result JSON instead of running`;

const BENCH = resolve(import.meta.dirname, "../bin/relix-bench.js");

function resultOf(
  values: { launches: string; preset: string; result?: string | undefined },
  extra: string[],
): RunResult {
  if (values.result) return parseRunResult(JSON.parse(readFileSync(values.result, "utf8")));
  const launches = parseCount(values.launches, "launches", { min: 2, max: 20 });
  const dir = mkdtempSync(join(tmpdir(), "relix-variance-"));
  try {
    const json = join(dir, "run.json");
    const args = [BENCH, "--preset", values.preset, "--trials", String(launches), "--json", json, ...extra];
    const run = spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "inherit"], timeout: 30 * 60_000 });
    if (run.status !== 0) throw new Error(`pnpm bench failed (exit ${run.status})`);
    return parseRunResult(JSON.parse(readFileSync(json, "utf8")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pct = (sd: number) => `${(sd * 100).toFixed(1)}%`;

function main() {
  const { values, positionals } = parseArgs({
    options: {
      launches: { type: "string", default: "6" },
      preset: { type: "string", default: "quick" },
      result: { type: "string" },
      help: { type: "boolean", default: false },
    },
    allowPositionals: true,
  });
  if (values.help) return console.log(USAGE);
  let result: RunResult;
  try {
    result = resultOf(values, positionals);
  } catch (error) {
    console.error(`variance: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const { warmupMs, durationMs } = result.spec;
  console.log(`${result.spec.trials} launches, ${warmupMs} ms warm-up + ${durationMs} ms window per side`);
  console.log(
    "| cell | figure | launches | slices per launch | launch sd | slice sd | launch share of a launch mean's variance |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const cell of result.cells) {
    for (const figure of HEADLINE_FIGURES) {
      const levels = varianceLevels(sliceLogRatios(cell, figure));
      if (!levels) continue;
      console.log(
        `| ${cellKey(cell)} | ${figure} | ${levels.launches} | ${levels.slicesPerLaunch.toFixed(1)} | ${pct(levels.launchSd)} | ${pct(levels.sliceSd)} | ${Math.round(levels.launchShare * 100)}% |`,
      );
    }
  }
}

main();
