import { firstDifference, type CacheMode, type Workload } from "@relix/core";
import { callRest, createGrpcClients } from "@relix/io";
import { RunCancelledError } from "./run-events";
import { grpcTarget, restBaseUrl, type ServiceTargets } from "./targets";

export interface PayloadSizes {
  rest: { requestBodyBytes: number; responseBodyBytes: number };
  grpc: { requestBodyBytes: number; responseBodyBytes: number };
}

/** Raised when REST and gRPC disagree: Relix refuses to time two different answers. */
export class PreflightMismatchError extends Error {
  constructor(
    readonly workload: string,
    detail: string,
  ) {
    super(`preflight: ${workload} answers differ between REST and gRPC, refusing to measure (${detail})`);
    this.name = "PreflightMismatchError";
  }
}

/**
 * Calls every request of a workload once on both protocols and checks the decoded answers are
 * the same data; in warm mode this also primes the cache with every key the run will read.
 * Returns the body sizes of the first request in each encoding.
 */
export async function preflight(
  targets: ServiceTargets,
  workload: Workload,
  requests: unknown[],
  cacheMode: CacheMode,
  signal?: AbortSignal,
): Promise<PayloadSizes> {
  const grpc = createGrpcClients(grpcTarget(targets));
  // The delay would only slow preflight down; it does not change the answer.
  const ctx = { cacheMode, delayMs: 0 };
  let sizes: PayloadSizes | undefined;
  try {
    for (const request of requests) {
      if (signal?.aborted) throw new RunCancelledError();
      const rest = await callRest(restBaseUrl(targets), workload, request, ctx, signal ? { signal } : {}).catch(
        (error: unknown) => {
          if (signal?.aborted) throw new RunCancelledError();
          throw new PreflightMismatchError(workload.id, `REST call failed: ${(error as Error).message}`);
        },
      );
      if (rest.status !== 200) {
        throw new PreflightMismatchError(
          workload.id,
          `REST answered ${rest.status}: ${JSON.stringify(rest.data).slice(0, 200)}`,
        );
      }
      const viaGrpc = await grpc.call(workload, request, ctx).catch((error: { code?: number; details?: string }) => {
        throw new PreflightMismatchError(
          workload.id,
          `gRPC failed: ${error.details ?? (error instanceof Error ? error.message : JSON.stringify(error))}`,
        );
      });
      const difference = firstDifference(rest.data, viaGrpc.data);
      if (difference) throw new PreflightMismatchError(workload.id, difference);
      sizes ??= {
        rest: { requestBodyBytes: rest.requestBodyBytes, responseBodyBytes: rest.responseBodyBytes },
        grpc: { requestBodyBytes: viaGrpc.requestBodyBytes, responseBodyBytes: viaGrpc.responseBodyBytes },
      };
    }
  } finally {
    grpc.close();
  }
  return sizes!;
}
