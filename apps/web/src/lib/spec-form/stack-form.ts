import { DEFAULT_STACKS, stackIds, type StackId } from "@relix/core/stacks/stacks";

// The new-run form's stacks: a checkbox per stack. express and grpc-js are always measured (every
// other stack is compared with both), so their boxes stay checked and the list always holds them.

/** The stacks a spec names, in the catalogue's order, the defaults always among them. */
export function stacksFrom(stacks: readonly string[] | undefined): StackId[] {
  const chosen = new Set<string>([...DEFAULT_STACKS, ...(stacks ?? [])]);
  return stackIds.filter((id) => chosen.has(id));
}

export const isFixedStack = (id: StackId): boolean => DEFAULT_STACKS.includes(id);

/** The list after a box is ticked or cleared; the fixed ones cannot be cleared. */
export function toggleStack(current: readonly StackId[], id: StackId, on: boolean): StackId[] {
  if (isFixedStack(id)) return stacksFrom(current);
  return stacksFrom(on ? [...current, id] : current.filter((s) => s !== id));
}

export const sameStacks = (a: readonly StackId[], b: readonly StackId[]) =>
  stacksFrom(a).join() === stacksFrom(b).join();
