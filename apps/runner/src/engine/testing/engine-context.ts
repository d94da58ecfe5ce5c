/**
 * The engine's context for tests: the local services' targets, the tools found from the test
 * process's environment (GHZ_BIN, PATH, go bin), and the registered load generators unless a test
 * brings its own.
 */
import type { Protocol } from "@relix/core";
import { resolveEngineContext, type EngineContext } from "../engine-context";
import { LOAD_GENERATORS, generatorFor, type GeneratorRegistry } from "../generators/registry";
import { readServerStats } from "../server-stats";
import type { ServiceTargets } from "../targets";

export function testEngineContext(
  targets: ServiceTargets,
  generators: GeneratorRegistry = LOAD_GENERATORS,
): Promise<EngineContext> {
  return resolveEngineContext(targets, process.env, generators);
}

/** The /stats counters of the service measured for `protocol`. */
export function serverStats(targets: ServiceTargets, protocol: Protocol, options: { resetPeakRss?: boolean } = {}) {
  return readServerStats(generatorFor(LOAD_GENERATORS, protocol).statsUrl(targets), options);
}
