// The two stacks a cell's headline compares: a REST stack against a gRPC stack. A run names its
// pair (the spec's `pair`, say spring against grpc-java) or leaves it to its stacks: express with
// grpc-js when it measures them, else its first REST stack with its first gRPC stack, in the table's order. Results name the pair only
// when it is not the default, so results written before pairs existed read as the default pair.
import { serviceProcessRecord } from "./service-processes";
import { DEFAULT_PAIR, DEFAULT_STACKS, stackIds, stackRecord, type StackId } from "./stacks";

export interface StackPair {
  rest: StackId;
  grpc: StackId;
}

/** The pair a run of these stacks compares; null when they lack a REST or a gRPC stack. */
export function pairOfStacks(list: readonly StackId[]): StackPair | null {
  const first = (family: "rest" | "grpc") =>
    stackIds.find((id) => list.includes(id) && stackRecord(id).family === family);
  const rest = first("rest");
  const grpc = first("grpc");
  return rest && grpc ? { rest, grpc } : null;
}

export const isDefaultPair = (pair: StackPair): boolean =>
  pair.rest === DEFAULT_PAIR.rest && pair.grpc === DEFAULT_PAIR.grpc;

/** The pair a cell of a result compares (`pair` absent: the default). */
export const cellPair = (cell: { pair?: StackPair | undefined }): StackPair => cell.pair ?? DEFAULT_PAIR;

/**
 * The pair a run's headline compares: the spec's `pair` when it names one; otherwise express and
 * grpc-js when the run measures them, else its first REST and first gRPC stack (pairOfStacks).
 */
export function runPairOf(spec: { stacks?: readonly StackId[] | undefined; pair?: StackPair | undefined }): StackPair {
  return spec.pair ?? pairOfStacks(spec.stacks ?? DEFAULT_STACKS) ?? DEFAULT_PAIR;
}

/**
 * Each runtime's own REST-against-gRPC pair among these stacks (its first REST and first gRPC
 * stack), in the table's order: what a run across runtimes answers for each runtime it measured.
 */
export function runtimePairsOf(list: readonly StackId[]): StackPair[] {
  const runtimes = [...new Set(list.map((id) => serviceProcessRecord(stackRecord(id).process).runtime))];
  return runtimes.flatMap((runtime) => {
    const pair = pairOfStacks(list.filter((id) => serviceProcessRecord(stackRecord(id).process).runtime === runtime));
    return pair ? [pair] : [];
  });
}

export const samePair = (a: StackPair, b: StackPair): boolean => a.rest === b.rest && a.grpc === b.grpc;

/** How a pair reads in a sentence or a label: "spring vs grpc-java". */
export const pairText = (pair: StackPair): string => `${pair.rest} vs ${pair.grpc}`;
