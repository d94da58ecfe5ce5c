import { firstDifference, type CacheMode, type StackId, type Workload } from "@relix/core";
import { isDefaultPair, type StackPair } from "@relix/core/stacks/stack-pair";
import { DEFAULT_PAIR } from "@relix/core/stacks/stacks";
import { RunCancelledError } from "../run-events";
import { stackClient, type StackAnswer, type StackClient } from "@relix/io/clients/stack-client";
import { stackAddress } from "../plan/stack-table";
import type { ServiceTargets } from "./targets";

interface BodySizes {
  requestBodyBytes: number;
  responseBodyBytes: number;
}

export interface PayloadSizes {
  /** The run's pair: its REST stack's and its gRPC stack's bodies. */
  rest: BodySizes;
  grpc: BodySizes;
  /** The other stacks of the run, each in its own encoding. */
  stacks: Partial<Record<StackId, BodySizes>>;
}

/** Raised when two stacks disagree: Relix refuses to time two different answers. */
export class PreflightMismatchError extends Error {
  constructor(
    readonly workload: string,
    detail: string,
    /** The stack whose answer differs from the reference's (the pair's REST stack's, by default express's). */
    readonly stack: StackId = DEFAULT_PAIR.rest,
    /** The run's pair: its gRPC stack is the reference every answer is compared with. */
    pair: StackPair = DEFAULT_PAIR,
  ) {
    const between =
      stack !== pair.rest
        ? `the ${stack} stack and ${pair.grpc}`
        : isDefaultPair(pair)
          ? "REST and gRPC"
          : `${pair.rest} and ${pair.grpc}`;
    super(`preflight: ${workload} answers differ between ${between}, refusing to measure (${detail})`);
    this.name = "PreflightMismatchError";
  }
}

/** firstDifference names its sides REST and gRPC: outside the default pair each stack is named as itself. */
const namedSides = (difference: string, stack: StackId, pair: StackPair): string =>
  stack === DEFAULT_PAIR.rest && isDefaultPair(pair)
    ? difference
    : difference
        .replace(/\(REST\)|: REST /g, (m) => m.replace("REST", stack))
        .replace(/\(gRPC\)| vs gRPC /g, (m) => m.replace("gRPC", pair.grpc));

/** How a failed call names its stack: REST and gRPC for the default pair, the stack's id otherwise. */
const whoOf = (stack: StackId, pair: StackPair): string => {
  if (!isDefaultPair(pair) || (stack !== pair.rest && stack !== pair.grpc)) return stack;
  return stack === pair.rest ? "REST" : "gRPC";
};

/** What a failed call says, in the words of its protocol. */
function failureOf(error: unknown): string {
  const grpc = error as { code?: number; details?: string };
  if (typeof grpc.code === "number" && grpc.details !== undefined) return grpc.details;
  return error instanceof Error ? error.message : JSON.stringify(error);
}

async function answerOf(
  client: StackClient,
  stack: StackId,
  workload: Workload,
  request: unknown,
  ctx: { cacheMode: CacheMode; delayMs: number },
  pair: StackPair,
  signal?: AbortSignal,
): Promise<StackAnswer> {
  const who = whoOf(stack, pair);
  const answer = await client.call(workload, request, ctx, signal).catch((error: unknown) => {
    if (signal?.aborted) throw new RunCancelledError();
    throw new PreflightMismatchError(workload.id, `${who} call failed: ${failureOf(error)}`, stack, pair);
  });
  if (answer.status !== 200) {
    throw new PreflightMismatchError(
      workload.id,
      `${who} answered ${answer.status}: ${JSON.stringify(answer.data).slice(0, 200)}`,
      stack,
      pair,
    );
  }
  return answer;
}

/**
 * Calls every request of a workload once on every stack of the run and checks each decoded
 * answer is the same data as one reference's, the pair's gRPC stack (grpc-js by default), so every
 * stack of every runtime is held to one answer; in warm mode this also primes the cache with every
 * key the run will read. Returns the body sizes of the first request on each stack: the pair's as
 * `rest` and `grpc`, every other stack's in `stacks`.
 */
export async function preflight(
  targets: ServiceTargets,
  workload: Workload,
  requests: unknown[],
  cacheMode: CacheMode,
  signal?: AbortSignal,
  runStacks: readonly StackId[] = [DEFAULT_PAIR.rest, DEFAULT_PAIR.grpc],
  pair: StackPair = DEFAULT_PAIR,
): Promise<PayloadSizes> {
  const referenceStack = pair.grpc;
  // The reference first: every other answer is compared with its (the pair's two are always called).
  const order = [
    referenceStack,
    ...[pair.rest, ...runStacks].filter((stack, i, all) => stack !== referenceStack && all.indexOf(stack) === i),
  ];
  const clients = new Map(order.map((stack) => [stack, stackClient(stack, stackAddress(targets, stack))] as const));
  // The delay would only slow preflight down; it does not change the answer.
  const ctx = { cacheMode, delayMs: 0 };
  const sizes = new Map<StackId, BodySizes>();
  try {
    for (const request of requests) {
      let reference: unknown;
      for (const stack of order) {
        if (signal?.aborted) throw new RunCancelledError();
        const answer = await answerOf(clients.get(stack)!, stack, workload, request, ctx, pair, signal);
        if (stack === referenceStack) reference = answer.data;
        else {
          const difference = firstDifference(answer.data, reference);
          if (difference)
            throw new PreflightMismatchError(workload.id, namedSides(difference, stack, pair), stack, pair);
        }
        if (!sizes.has(stack)) {
          sizes.set(stack, { requestBodyBytes: answer.requestBodyBytes, responseBodyBytes: answer.responseBodyBytes });
        }
      }
    }
  } finally {
    for (const client of clients.values()) client.close();
  }
  const extra = order.filter((stack) => stack !== referenceStack && stack !== pair.rest);
  return {
    rest: sizes.get(pair.rest)!,
    grpc: sizes.get(referenceStack)!,
    stacks: Object.fromEntries(extra.map((stack) => [stack, sizes.get(stack)!])),
  };
}
