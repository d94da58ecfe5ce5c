/**
 * The load generators the engine knows, looked up by the stack they drive. Adding a tool is one
 * new file in this folder and one line here; the engine drives whatever is registered.
 */
import type { RunSpec } from "@relix/core";
import { stacksDrivenByTool, type StackId } from "@relix/core/stacks/stacks";
import type { LoadGenerator } from "../load-generator";
import { DEFAULT_STACK_OF } from "../../plan/stack-table";
import { autocannonGenerator } from "./autocannon-generator";
import { equalClientGenerator } from "./equal-client-generator";
import { ghzGenerator } from "./ghz-generator";
import { h2loadGenerator } from "./h2load-generator";

export type GeneratorRegistry = ReadonlyMap<StackId, LoadGenerator>;

/**
 * The stacks a generator drives: the ones it lists, else those whose records name its tool, else
 * (a tool no record names, as tests register) its protocol's default stack.
 */
export function stacksDrivenBy(generator: LoadGenerator): readonly StackId[] {
  if (generator.stacks) return generator.stacks;
  const named = stacksDrivenByTool(generator.tool as Parameters<typeof stacksDrivenByTool>[0]);
  return named.length > 0 ? named : [DEFAULT_STACK_OF[generator.measures]];
}

export function generatorRegistry(generators: readonly LoadGenerator[]): GeneratorRegistry {
  const registry = new Map<StackId, LoadGenerator>();
  for (const generator of generators) {
    for (const stack of stacksDrivenBy(generator)) {
      const taken = registry.get(stack);
      if (taken) throw new Error(`two load generators drive ${stack}: ${taken.tool} and ${generator.tool}`);
      registry.set(stack, generator);
    }
  }
  return registry;
}

export const LOAD_GENERATORS: GeneratorRegistry = generatorRegistry([
  autocannonGenerator,
  ghzGenerator,
  h2loadGenerator,
]);

export function generatorFor(registry: GeneratorRegistry, stack: StackId): LoadGenerator {
  const generator = registry.get(stack);
  if (!generator) throw new Error(`no load generator is registered for the ${stack} stack`);
  return generator;
}

/**
 * The generator that drives a stack in a run: the one registered for it (its record's tool), or,
 * when the spec asks for equal clients, the one client program that drives every stack.
 */
export function generatorForRun(
  registry: GeneratorRegistry,
  stack: StackId,
  spec: Pick<RunSpec, "clients">,
): LoadGenerator {
  return spec.clients === "equal" ? equalClientGenerator : generatorFor(registry, stack);
}

/** Each registered generator once (one drives several stacks). */
export const registeredGenerators = (registry: GeneratorRegistry): LoadGenerator[] => [...new Set(registry.values())];

/** Every generator a run may use: the registered ones and the client for both, which is no stack's own. */
export const runnableGenerators = (registry: GeneratorRegistry): LoadGenerator[] => [
  ...new Set([...registry.values(), equalClientGenerator]),
];
