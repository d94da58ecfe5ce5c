/**
 * What the engine needs from its surroundings, read once by its caller at start-up (the CLI, the
 * runner service) and passed in: where the services are, the tools found, the environment for
 * the child processes it starts, and the load generators to drive. Nothing in the engine reads
 * this process's environment mid-run.
 */
import { locateTool } from "@relix/io/backends";
import { LOAD_GENERATORS, runnableGenerators, type GeneratorRegistry } from "./measure/generators/registry";
import type { Env, LocatedTools, ToolContext } from "./measure/load-generator";
import type { ServiceTargets } from "./launch/targets";

export interface EngineContext extends ToolContext {
  targets: ServiceTargets;
  generators: GeneratorRegistry;
  /**
   * This machine's run-to-run book (run-to-run-file.ts), read as each run starts; absent or null:
   * intervals hold the noise within the run only (a calibration's own runs must not be widened).
   */
  runToRunFile?: string | null;
}

/** Finds every runnable generator's executable in `env` (a missing one fails only when it is used). */
export async function resolveEngineContext(
  targets: ServiceTargets,
  env: Env,
  generators: GeneratorRegistry = LOAD_GENERATORS,
): Promise<EngineContext> {
  const wanted = runnableGenerators(generators).flatMap((g) => (g.executable ? [g.executable] : []));
  const located = await Promise.all(wanted.map((spec) => locateTool(spec, env)));
  const tools: LocatedTools = Object.fromEntries(located.map((tool) => [tool.name, tool]));
  return { targets, tools, env, generators };
}
