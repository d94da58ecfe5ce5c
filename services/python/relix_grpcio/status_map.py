"""The one table from domain errors to gRPC status codes (apps/grpc-api/src/status-map.ts)."""

import logging

import grpc

from relix_common.errors import DomainError

CODE_BY_KIND = {
    "invalid_argument": grpc.StatusCode.INVALID_ARGUMENT,
    "not_found": grpc.StatusCode.NOT_FOUND,
    "too_large": grpc.StatusCode.RESOURCE_EXHAUSTED,
    "unavailable": grpc.StatusCode.UNAVAILABLE,
}


def status_of(error: BaseException) -> tuple[grpc.StatusCode, str]:
    if isinstance(error, DomainError):
        return CODE_BY_KIND[error.kind], error.message
    logging.getLogger("relix").exception("grpcio: unexpected error")
    return grpc.StatusCode.INTERNAL, "internal error"
