import { loadBenchConfig } from "../config/runner-config";
import { resolveEngineContext } from "./engine-context";
import type { Env } from "./measure/load-generator";
import { createRunBenchmark } from "./run-benchmark";
import { runToRunFileOf } from "./assemble/run-to-run-file";
import { ensureServices, type ManagedServices } from "./launch/service-manager";
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
 * The same engine with its services started now and kept for every run it is handed to (the
 * calibration's repeats), rather than started and stopped by each run; the caller stops them.
 */
export async function engineWithServices(env: Env): Promise<{ runBenchmark: RunBenchmark; services: ManagedServices }> {
  const { targets } = loadBenchConfig(env);
  const runBenchmark = createRunBenchmark(await resolveEngineContext(targets, env));
  const services = await ensureServices(targets, { env, log: (message) => process.stderr.write(`${message}\n`) });
  return { runBenchmark, services };
}
