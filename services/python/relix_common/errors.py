"""Domain errors, as packages/core/src/domain/errors.ts: each transport maps the kind in one table."""

from typing import Literal, Optional

DomainErrorKind = Literal["invalid_argument", "not_found", "too_large", "unavailable"]


class DomainError(Exception):
    def __init__(self, kind: DomainErrorKind, message: str, field: Optional[str] = None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.field = field


def invalid_argument(field: str, message: str) -> DomainError:
    return DomainError("invalid_argument", f"{field}: {message}", field)


def not_found(what: str) -> DomainError:
    return DomainError("not_found", f"{what} not found")


def too_large(message: str, field: Optional[str] = None) -> DomainError:
    return DomainError("too_large", message, field)


def unavailable(message: str) -> DomainError:
    return DomainError("unavailable", message)
