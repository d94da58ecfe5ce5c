import { status, type ServiceError } from "@grpc/grpc-js";
import { DomainError, type DomainErrorKind } from "@relix/core";

/** The one table from domain errors to gRPC status codes. */
const CODE_BY_KIND: Record<DomainErrorKind, status> = {
  invalid_argument: status.INVALID_ARGUMENT,
  not_found: status.NOT_FOUND,
  too_large: status.RESOURCE_EXHAUSTED,
  unavailable: status.UNAVAILABLE,
};

export function toServiceError(error: unknown): Partial<ServiceError> {
  if (error instanceof DomainError) return { code: CODE_BY_KIND[error.kind], details: error.message };
  console.error("grpc-api: unexpected error", error);
  return { code: status.INTERNAL, details: "internal error" };
}
