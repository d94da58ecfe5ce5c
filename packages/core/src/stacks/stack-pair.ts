// The two stacks a cell's headline compares: a REST stack against a gRPC stack. A run of the
// default stacks compares express with grpc-js; a run whose stacks leave one of them out compares
// its first REST stack with its first gRPC stack, in the table's order. Results name the pair only
// when it is not the default, so results written before pairs existed read as the default pair.
import { DEFAULT_PAIR, stackIds, stackRecord, type StackId } from "./stacks";

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
