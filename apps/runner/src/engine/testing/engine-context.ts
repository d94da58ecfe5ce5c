/**
 * The engine's context for tests: the local services' targets, the tools found from the test
 * process's environment (GHZ_BIN, PATH, go bin), and the registered load generators unless a test
 * brings its own.
 */
import type { Protocol, StackId } from "@relix/core";
import { resolveEngineContext, type EngineContext } from "../engine-context";
import { LOAD_GENERATORS, type GeneratorRegistry } from "../measure/generators/registry";
import { readStats } from "../measure/server-stats";
import { DEFAULT_STACK_OF, stackStats } from "../plan/stack-table";
import type { ServiceTargets } from "../launch/targets";

export function testEngineContext(
  targets: ServiceTargets,
  generators: GeneratorRegistry = LOAD_GENERATORS,
): Promise<EngineContext> {
  return resolveEngineContext(targets, process.env, generators);
}

/** The /stats counters of a protocol's default stack, or of the stack named. */
export function serverStats(
  targets: ServiceTargets,
  protocolOrStack: Protocol | StackId,
  options: { resetPeakRss?: boolean } = {},
) {
  const stack = protocolOrStack in DEFAULT_STACK_OF ? DEFAULT_STACK_OF[protocolOrStack as Protocol] : protocolOrStack;
  return readStats(stackStats(targets, stack as StackId), options);
}
