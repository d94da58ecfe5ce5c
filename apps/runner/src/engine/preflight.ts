import { firstDifference, type CacheMode, type StackId, type Workload } from "@relix/core";
import { RunCancelledError } from "./run-events";
import { stackClient, type StackAnswer, type StackClient } from "@relix/io/clients/stack-client";
import { DEFAULT_STACK_OF, stackAddress } from "./stack-table";
import type { ServiceTargets } from "./targets";

interface BodySizes {
  requestBodyBytes: number;
  responseBodyBytes: number;
}

export interface PayloadSizes {
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
    /** The stack whose answer differs from grpc-js's (express's for the default two). */
    readonly stack: StackId = DEFAULT_STACK_OF.rest,
  ) {
    const between =
      stack === DEFAULT_STACK_OF.rest ? "REST and gRPC" : `the ${stack} stack and ${DEFAULT_STACK_OF.grpc}`;
    super(`preflight: ${workload} answers differ between ${between}, refusing to measure (${detail})`);
    this.name = "PreflightMismatchError";
  }
}

const REFERENCE = DEFAULT_STACK_OF.grpc;

/** firstDifference names its sides REST and gRPC: another stack is named as itself. */
const namedSides = (difference: string, stack: StackId): string =>
  stack === DEFAULT_STACK_OF.rest
    ? difference
    : difference
        .replace(/\(REST\)|: REST /g, (m) => m.replace("REST", stack))
        .replace(/\(gRPC\)| vs gRPC /g, (m) => m.replace("gRPC", REFERENCE));

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
  signal?: AbortSignal,
): Promise<StackAnswer> {
  const who = stack === DEFAULT_STACK_OF.rest ? "REST" : stack === REFERENCE ? "gRPC" : stack;
  const answer = await client.call(workload, request, ctx, signal).catch((error: unknown) => {
    if (signal?.aborted) throw new RunCancelledError();
    throw new PreflightMismatchError(workload.id, `${who} call failed: ${failureOf(error)}`, stack);
  });
  if (answer.status !== 200) {
    throw new PreflightMismatchError(
      workload.id,
      `${who} answered ${answer.status}: ${JSON.stringify(answer.data).slice(0, 200)}`,
      stack,
    );
  }
  return answer;
}

/**
 * Calls every request of a workload once on every stack of the run and checks each decoded
 * answer is the same data as grpc-js's; in warm mode this also primes the cache with every key the
 * run will read. Returns the body sizes of the first request on each stack.
 */
export async function preflight(
  targets: ServiceTargets,
  workload: Workload,
  requests: unknown[],
  cacheMode: CacheMode,
  signal?: AbortSignal,
  runStacks: readonly StackId[] = [DEFAULT_STACK_OF.rest, REFERENCE],
): Promise<PayloadSizes> {
  // grpc-js first: every other answer is compared with its.
  const order = [REFERENCE, ...runStacks.filter((stack) => stack !== REFERENCE)];
  const clients = new Map(order.map((stack) => [stack, stackClient(stack, stackAddress(targets, stack))] as const));
  // The delay would only slow preflight down; it does not change the answer.
  const ctx = { cacheMode, delayMs: 0 };
  const sizes = new Map<StackId, BodySizes>();
  try {
    for (const request of requests) {
      let reference: unknown;
      for (const stack of order) {
        if (signal?.aborted) throw new RunCancelledError();
        const answer = await answerOf(clients.get(stack)!, stack, workload, request, ctx, signal);
        if (stack === REFERENCE) reference = answer.data;
        else {
          const difference = firstDifference(answer.data, reference);
          if (difference) throw new PreflightMismatchError(workload.id, namedSides(difference, stack), stack);
        }
        if (!sizes.has(stack)) {
          sizes.set(stack, { requestBodyBytes: answer.requestBodyBytes, responseBodyBytes: answer.responseBodyBytes });
        }
      }
    }
  } finally {
    for (const client of clients.values()) client.close();
  }
  const extra = order.filter((stack) => stack !== REFERENCE && stack !== DEFAULT_STACK_OF.rest);
  return {
    rest: sizes.get(DEFAULT_STACK_OF.rest) ?? { requestBodyBytes: 0, responseBodyBytes: 0 },
    grpc: sizes.get(REFERENCE)!,
    stacks: Object.fromEntries(extra.map((stack) => [stack, sizes.get(stack)!])),
  };
}
