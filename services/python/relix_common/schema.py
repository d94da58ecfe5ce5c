"""The checks of the catalog's request schemas (zod, in packages/core), with zod's own words.

A bad request must be refused in the same words on every stack, so these helpers reproduce what
zod 4 reports for the schemas the Python stacks serve: the first problem, in the schema's field
order, named by its path ("a.0", "data.k", or "body" for the document itself).
"""

import math
from typing import Any

from .errors import DomainError, invalid_argument
from .js_json import js_number


class _Undefined:
    """A field that is absent, as JavaScript's undefined: zod says "received undefined"."""

    def __repr__(self) -> str:
        return "undefined"


UNDEFINED = _Undefined()

MAX_SAFE_INTEGER = 2**53 - 1


class Invalid(Exception):
    """One schema problem, before it is named by the transport's field path."""

    def __init__(self, path: list, message: str):
        super().__init__(message)
        self.path = path
        self.message = message


def refuse(problem: Invalid) -> DomainError:
    """parseRequest's rule: the first problem names its field, "body" when it is the whole request."""
    field = ".".join(str(p) for p in problem.path) if problem.path else "body"
    return invalid_argument(field, problem.message)


def type_name(value: Any) -> str:
    """zod's name for what it received."""
    if value is UNDEFINED:
        return "undefined"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return "number"
    if isinstance(value, int):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, (bytes, bytearray)):
        return "Buffer"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _expected(expected: str, value: Any, path: list) -> Invalid:
    return Invalid(path, f"Invalid input: expected {expected}, received {type_name(value)}")


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def field(document: dict, name: str) -> Any:
    return document.get(name, UNDEFINED)


def obj(value: Any, path: list | None = None) -> dict:
    if not isinstance(value, dict):
        raise _expected("object", value, path or [])
    return value


def number(value: Any, path: list, minimum: float, maximum: float, integer: bool = False) -> float:
    """z.number()[.int()].min(minimum).max(maximum): the first of its problems."""
    if not is_number(value):
        raise _expected("number", value, path)
    if integer:
        if value != math.floor(value):
            raise _expected("int", value, path)
        if abs(value) > MAX_SAFE_INTEGER:
            if value > 0:
                raise Invalid(path, f"Too big: expected int to be <={MAX_SAFE_INTEGER}")
            raise Invalid(path, f"Too small: expected int to be >=-{MAX_SAFE_INTEGER}")
        value = int(value)
    if value < minimum:
        raise Invalid(path, f"Too small: expected number to be >={js_number(minimum)}")
    if value > maximum:
        raise Invalid(path, f"Too big: expected number to be <={js_number(maximum)}")
    return value


def utf16_length(text: str) -> int:
    """String length as JavaScript counts it (UTF-16 code units)."""
    if text.isascii():
        return len(text)
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def string(value: Any, path: list, min_length: int = 0, max_length: int | None = None) -> str:
    if not isinstance(value, str):
        raise _expected("string", value, path)
    length = utf16_length(value)
    if length < min_length:
        raise Invalid(path, f"Too small: expected string to have >={min_length} characters")
    if max_length is not None and length > max_length:
        raise Invalid(path, f"Too big: expected string to have <={max_length} characters")
    return value


def is_array_index(key: str) -> bool:
    """A key JavaScript orders first in an object: a canonical array index."""
    return key.isdigit() and key.isascii() and (key == "0" or key[0] != "0") and int(key) < 2**32 - 1


def js_key_order(document: dict) -> dict:
    """The same object with its keys in JavaScript's order: array indices ascending, then the rest."""
    indices = [k for k in document if is_array_index(k)]
    if not indices:
        return document
    ordered = {k: document[k] for k in sorted(indices, key=int)}
    ordered.update((k, v) for k, v in document.items() if not is_array_index(k))
    return ordered


def string_record(value: Any, path: list) -> dict:
    """z.record(z.string(), z.string()), keys in JavaScript's order."""
    if not isinstance(value, dict):
        raise _expected("record", value, path)
    value = js_key_order(value)
    for key, item in value.items():
        if not isinstance(item, str):
            raise _expected("string", item, path + [key])
    return value


def array(value: Any, path: list, element, min_items: int, max_items: int) -> list:
    """z.array(element).min().max(): elements first (each may raise), then the length."""
    if not isinstance(value, list):
        raise _expected("array", value, path)
    items = [element(item, path + [i]) for i, item in enumerate(value)]
    if len(items) < min_items:
        raise Invalid(path, f"Too small: expected array to have >={min_items} items")
    if len(items) > max_items:
        raise Invalid(path, f"Too big: expected array to have <={max_items} items")
    return items


def buffer(value: Any, path: list) -> bytes:
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise _expected("Buffer", value, path)
    return value
