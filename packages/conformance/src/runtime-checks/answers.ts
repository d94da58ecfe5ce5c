import { status as grpcStatus, type ServiceError } from "@grpc/grpc-js";
import { getWorkload, type StackId, type Workload } from "@relix/core";
import type { CallContext } from "@relix/core/calls/call-context";
import { callStack, type StackAddresses } from "../http-stack-client";

/** What a stack answered: an HTTP status and body, or a gRPC status (OK with the decoded reply). */
export type Answer = { status: number; data: unknown } | { code: string; details: string };

const isServiceError = (error: unknown): error is ServiceError =>
  error instanceof Error && typeof (error as Partial<ServiceError>).code === "number";

/** One call through the client the runner's preflight uses; a gRPC error becomes its code and details. */
export async function answerOf(
  addresses: StackAddresses,
  stack: StackId,
  workload: Workload,
  request: unknown,
  ctx: CallContext,
): Promise<Answer> {
  try {
    const { status, data } = await callStack(addresses, stack, workload, request, ctx);
    return { status, data };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { code: grpcStatus[error.code], details: error.details };
  }
}

/** The workload with its gRPC message replaced: these messages are deliberately invalid. */
export const withMessage = (workloadId: string, message: Record<string, unknown>): Workload => {
  const workload = getWorkload(workloadId);
  return { ...workload, grpc: { ...workload.grpc, build: () => message } };
};
