/**
 * The load generators the engine knows, keyed by what they measure. Adding a tool is one new file
 * in this folder and one line here; the engine drives whatever is registered.
 */
import type { Protocol } from "@relix/core";
import type { LoadGenerator } from "../load-generator";
import { autocannonGenerator } from "./autocannon-generator";
import { ghzGenerator } from "./ghz-generator";

export type GeneratorRegistry = ReadonlyMap<Protocol, LoadGenerator>;

export function generatorRegistry(generators: readonly LoadGenerator[]): GeneratorRegistry {
  const registry = new Map<Protocol, LoadGenerator>();
  for (const generator of generators) {
    if (registry.has(generator.measures)) throw new Error(`two load generators measure ${generator.measures}`);
    registry.set(generator.measures, generator);
  }
  return registry;
}

export const LOAD_GENERATORS: GeneratorRegistry = generatorRegistry([autocannonGenerator, ghzGenerator]);

export function generatorFor(registry: GeneratorRegistry, measured: Protocol): LoadGenerator {
  const generator = registry.get(measured);
  if (!generator) throw new Error(`no load generator is registered for ${measured}`);
  return generator;
}
