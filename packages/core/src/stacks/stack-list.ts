// What a list of stacks given by a user becomes: the stacks a run measures. Node's other stacks
// each change one layer of express or grpc-js, so a list naming one of them gets those two added
// (their layer walk starts there), as does a list without a REST or without a gRPC stack (it has
// nothing to compare). A list of other runtimes' stacks with both families (`spring,grpc-java`)
// is measured as given: add express and grpc-js to it to see Node's answer beside theirs. The
// pair's two are always among the stacks measured.
import { serviceProcessRecord } from "./service-processes";
import type { StackPair } from "./stack-pair";
import { DEFAULT_STACKS, stackIds, stackRecord, type StackId } from "./stacks";

const isNodeStack = (id: StackId): boolean => serviceProcessRecord(stackRecord(id).process).runtime === "node";

/** Whether the list holds a REST and a gRPC stack: something to compare. */
export const hasBothFamilies = (list: readonly StackId[]): boolean =>
  list.some((id) => stackRecord(id).family === "rest") && list.some((id) => stackRecord(id).family === "grpc");

/** Whether express and grpc-js are added to a list as given (see the rule above). */
export const addsDefaultStacks = (named: readonly StackId[]): boolean =>
  named.some(isNodeStack) || !hasBothFamilies(named);

/** The list in the stacks table's order, so the same choice always reads the same way. */
export const inTableOrder = (list: Iterable<StackId>): StackId[] => {
  const chosen = new Set(list);
  return stackIds.filter((id) => chosen.has(id));
};

/** The stacks a run measures for a list as given and the pair it names (if any). */
export function completedStacks(named: readonly StackId[], pair?: StackPair): StackId[] {
  return inTableOrder([
    ...named,
    ...(addsDefaultStacks(named) ? DEFAULT_STACKS : []),
    ...(pair ? [pair.rest, pair.grpc] : []),
  ]);
}

/** A list with the pair's two stacks in it (added where absent). */
export const stacksWithPair = (list: readonly StackId[], pair: StackPair | undefined): StackId[] =>
  pair ? inTableOrder([...list, pair.rest, pair.grpc]) : [...list];

/** The help's and the form's words for the rule. */
export const STACK_LIST_RULE =
  "express and grpc-js are added to a list naming a Node stack or lacking a REST or a gRPC stack; a list of Java/Python stacks with both families (spring,grpc-java) is measured as given";

/** A spec with its pair's two stacks among its stacks (a spec without a pair unchanged). */
export function withPairStacks<S extends { stacks?: readonly StackId[] | undefined; pair?: StackPair | undefined }>(
  spec: S,
): S {
  if (!spec.pair) return spec;
  const stacks = stacksWithPair(spec.stacks ?? DEFAULT_STACKS, spec.pair);
  return stacks.length === (spec.stacks ?? []).length ? spec : { ...spec, stacks };
}
