import { serviceProcessRecord, type Runtime } from "@relix/core/stacks/service-processes";
import { inTableOrder, stacksWithPair } from "@relix/core/stacks/stack-list";
import { runPairOf, samePair, type StackPair } from "@relix/core/stacks/stack-pair";
import { DEFAULT_STACKS, stackIds, stackRecord, type StackId } from "@relix/core/stacks/stacks";

// The new-run form's stacks: a checkbox per stack, grouped by the runtime that serves it, and the
// pair every cell's verdict compares (a REST stack and a gRPC stack). The pair's two are always
// measured, so their boxes stay checked; every other box is the user's.

/** The stacks a spec names, in the catalogue's order (express and grpc-js for a spec from before stacks). */
export function stacksFrom(stacks: readonly string[] | undefined): StackId[] {
  const known = (stacks ?? DEFAULT_STACKS).filter((id): id is StackId => (stackIds as readonly string[]).includes(id));
  return inTableOrder(known);
}

/** The pair a spec compares: its own, or the default for its stacks. */
export const pairFrom = (spec: { stacks?: readonly string[]; pair?: StackPair }): StackPair =>
  runPairOf({ stacks: stacksFrom(spec.stacks), pair: spec.pair });

export const isFixedStack = (id: StackId, pair: StackPair): boolean => id === pair.rest || id === pair.grpc;

/** The list after a box is ticked or cleared; the pair's two cannot be cleared. */
export function toggleStack(current: readonly StackId[], id: StackId, on: boolean, pair: StackPair): StackId[] {
  if (isFixedStack(id, pair)) return stacksWithPair(current, pair);
  return stacksWithPair(on ? inTableOrder([...current, id]) : current.filter((s) => s !== id), pair);
}

/** The pair after one side is chosen, and the stacks with the new side measured (the old one stays ticked). */
export function choosePairSide(
  current: { stacks: readonly StackId[]; pair: StackPair },
  side: keyof StackPair,
  id: StackId,
): { stacks: StackId[]; pair: StackPair } {
  const pair = { ...current.pair, [side]: id };
  return { pair, stacks: stacksWithPair(current.stacks, pair) };
}

export const sameStacks = (a: readonly StackId[], b: readonly StackId[]) =>
  stacksFrom(a).join() === stacksFrom(b).join();

export { samePair };

/** Each runtime's stacks, in the table's order, for the form's groups. */
export function stacksByRuntime(): Array<{ runtime: Runtime; stacks: StackId[] }> {
  const runtimes = [...new Set(stackIds.map((id) => serviceProcessRecord(stackRecord(id).process).runtime))];
  return runtimes.map((runtime) => ({
    runtime,
    stacks: stackIds.filter((id) => serviceProcessRecord(stackRecord(id).process).runtime === runtime),
  }));
}

/** The stacks of one family, the pair's choices on that side. */
export const stacksOfFamily = (family: keyof StackPair): StackId[] =>
  stackIds.filter((id) => stackRecord(id).family === family);
