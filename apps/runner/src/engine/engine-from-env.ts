import { loadBenchConfig } from "../config/runner-config";
import { resolveEngineContext } from "./engine-context";
import type { Env } from "./measure/load-generator";
import { createRunBenchmark } from "./run-benchmark";
import { runToRunFileOf } from "./assemble/run-to-run-file";
import type { RunBenchmark } from "./run-events";

/**
 * The engine `pnpm bench` runs, set up once from the environment the CLI was started with: the
 * service targets (the runner's config), the tools found, the environment its children inherit.
 */
export async function engineFromEnv(env: Env): Promise<RunBenchmark> {
  const { targets } = loadBenchConfig(env);
  return createRunBenchmark({ ...(await resolveEngineContext(targets, env)), runToRunFile: runToRunFileOf(env) });
}

/**
 * The engine `pnpm bench:calibrate` reruns a spec with: each run starts the services afresh and
 * stops them, as a `pnpm bench` of its own would (a launch is where the variance between runs
 * lives, so reruns over one launch would understate it), and none reads the run-to-run spreads
 * kept before, since the calibration measures the spread those would add.
 */
export async function calibrationEngine(env: Env): Promise<RunBenchmark> {
  const { targets } = loadBenchConfig(env);
  return createRunBenchmark(await resolveEngineContext(targets, env));
}
