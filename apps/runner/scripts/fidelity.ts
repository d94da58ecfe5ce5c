/**
 * `pnpm bench:fidelity`: do Relix's numbers agree with the load tools run on their own?
 *
 * In one session on this machine it starts the services (the engine's ensureServices, free
 * 127.0.0.1 ports), then for item.get (warm) and noop compares, at the same connections:
 *   REST: Relix's p50 and rps (measureProtocol: autocannon in-process, one window definition)
 *         with `wrk -t1 -c N -d D --latency` on the same requests (a Lua script sends the engine's
 *         own request sequence with its headers, round robin);
 *   gRPC: Relix's p50 and rps (measureProtocol: ghz driven by the engine) with the ghz CLI run
 *         directly, read from its own summary.
 * Each comparison runs `--rounds` times, back to back, the order of Relix and the reference
 * alternating, after one discarded run that lets freshly started services compile their hot
 * paths; the verdict is on the median of the per-round ratios: PASS within +-10%, exit code 1 on
 * any FAIL. Load goes to 127.0.0.1 only and every run is bounded (--duration, default 5 s).
 *
 * This file runs the session; fidelity/ holds each side's measurement (relix-side, wrk-side,
 * ghz-side), the comparison and its verdict (comparison) and the printed report (report).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getWorkload } from "@relix/core";
import { toolPath } from "@relix/io/backends";
import { resolveEngineContext } from "../src/engine/engine-context";
import { preflight } from "../src/engine/launch/preflight";
import { GHZ_EXECUTABLE, ghzVersion } from "../src/tools";
import { compareRounds } from "./fidelity/comparison";
import { planFor, type Figures } from "./fidelity/figures";
import { measureWithGhzCli } from "./fidelity/ghz-side";
import { measureWithRelix } from "./fidelity/relix-side";
import { printFidelityReport } from "./fidelity/report";
import { measureWithWrk, wrkVersionLine } from "./fidelity/wrk-side";
import { startLocalStack } from "./lib/local-stack";
import { watchMachineLoad } from "./lib/machine-load";
import { readComparisonOptions, type ComparisonOptions } from "./lib/script-options";

const NAME = "fidelity";

const USAGE = `usage: pnpm bench:fidelity [--duration 5s] [--warmup 1s] [--connections 8] [--rounds 5]
  --duration     measured window of every run, whole seconds (wrk's unit), 1-60 s; default 5 s
  --warmup       warm-up before each window, whole seconds, 0-30 s; default 1 s
  --connections  REST connections = gRPC concurrency (in flight), 1-256; default 8
  --rounds       back-to-back runs of each side, median ratio compared, 1-10; default 5`;

async function main() {
  // The environment, read once here and handed on.
  const env: Readonly<Record<string, string | undefined>> = process.env;
  let options: ComparisonOptions;
  try {
    options = readComparisonOptions(USAGE, { rounds: 5 });
  } catch (error) {
    console.error(`${NAME}: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "relix-fidelity-"));
  const started = performance.now();
  console.error("fidelity: starting backends and services...");
  const stack = await startLocalStack(env);
  try {
    const context = await resolveEngineContext(stack.targets, env);
    const rows: string[][] = [];
    const problems = new Set<string>();
    let pass = true;
    const load = await watchMachineLoad(stack.targets);
    for (const workloadId of ["item.get", "noop"]) {
      const workload = getWorkload(workloadId);
      const label = workload.usesCache ? `${workloadId} warm` : workloadId;
      // Primes the cache with every key and checks both APIs give the same answers.
      await preflight(stack.targets, workload, workload.requests(planFor(workloadId, "rest", options).spec), "warm");
      for (const protocol of ["rest", "grpc"] as const) {
        const plan = planFor(workloadId, protocol, options);
        const relix = () => measureWithRelix(plan, context);
        const reference = () =>
          protocol === "rest"
            ? measureWithWrk(plan, context, dir, options)
            : measureWithGhzCli(plan, context, dir, options);
        // One discarded run first: freshly started services are still compiling their hot paths
        // (the first run after a start measured up to 40% slower), which a 1 s warm-up does not cover.
        console.error(`fidelity: ${label} ${protocol}: settling run (discarded)`);
        await relix();
        const ours: Figures[] = [];
        const theirs: Figures[] = [];
        for (let round = 0; round < options.rounds; round++) {
          console.error(`fidelity: ${label} ${protocol} round ${round + 1}/${options.rounds}`);
          // Alternate who goes first, so neither side always gets the warmer machine.
          if (round % 2 === 0) {
            ours.push(await relix());
            theirs.push(await reference());
          } else {
            theirs.push(await reference());
            ours.push(await relix());
          }
        }
        for (const f of [...ours, ...theirs]) for (const p of f.problems) problems.add(`${label}: ${p}`);
        const compared = compareRounds(label, protocol, ours, theirs);
        rows.push(...compared.rows);
        pass &&= compared.pass;
      }
    }
    const ghz = await ghzVersion(toolPath(context.tools[GHZ_EXECUTABLE.name]!), env);
    printFidelityReport({
      options,
      rows,
      versions: `${await wrkVersionLine()}, ghz ${ghz}, Redis ${stack.versions.redis}, MySQL ${stack.versions.mysql}`,
      machineLoad: await load.stop(),
      problems: [...problems],
      pass,
      elapsedMs: performance.now() - started,
    });
    process.exitCode = pass ? 0 : 1;
  } finally {
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`${NAME}: could not run: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 3;
});
