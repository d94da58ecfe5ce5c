import { loadBenchConfig } from "../config/runner-config";
import { resolveEngineContext } from "./engine-context";
import type { Env } from "./load-generator";
import { createRunBenchmark } from "./run-benchmark";
import type { RunBenchmark } from "./run-events";

/**
 * The engine `pnpm bench` runs, set up once from the environment the CLI was started with: the
 * service targets (the runner's config), the tools found, the environment its children inherit.
 */
export async function engineFromEnv(env: Env): Promise<RunBenchmark> {
  const { targets } = loadBenchConfig(env);
  return createRunBenchmark(await resolveEngineContext(targets, env));
}
