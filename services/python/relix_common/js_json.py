"""JSON text exactly as JavaScript's JSON.stringify writes it.

The Python stacks must answer byte for byte as the Node ones and write the same bytes into the
shared Redis cache. Python's json module differs on numbers: 3.0 is "3.0" in Python and "3" in
JavaScript, 1e-05 is "0.00001", 1e+16 is "10000000000000000". Strings are escaped by json's own C
escaper (the same escapes as JSON.stringify once ensure_ascii is off); numbers follow ECMAScript's
Number::toString, built on Python's repr, which picks the same shortest round-tripping digits.
"""

import json
import math
from decimal import Decimal
from typing import Any

import orjson


_escape = json.encoder.c_encode_basestring or json.encoder.py_encode_basestring  # type: ignore[attr-defined]


def js_number(value: float) -> str:
    """ECMAScript Number::toString(value); JSON.stringify writes NaN and the infinities as null."""
    if isinstance(value, bool):
        raise TypeError("a bool is not a number here")
    if isinstance(value, int):
        if -(2**53) <= value <= 2**53:
            return str(value)
        value = float(value)
    if math.isnan(value) or math.isinf(value):
        return "null"
    if value == 0:
        return "0"
    text = repr(value)
    if "e" not in text:
        # repr writes positional notation for 1e-4 <= |value| < 1e16, where JavaScript does too, with
        # the same shortest round-tripping digits: only an integral value's ".0" differs. Most numbers
        # a reply carries take this path, which spares the Decimal arithmetic below.
        return text[:-2] if text.endswith(".0") else text
    sign = "-" if value < 0 else ""
    digits_tuple, exponent = Decimal(repr(abs(value))).normalize().as_tuple()[1:]
    digits = "".join(str(d) for d in digits_tuple)
    k = len(digits)
    n = exponent + k  # the decimal point sits after the n-th digit
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    mantissa = digits if k == 1 else digits[0] + "." + digits[1:]
    return f"{sign}{mantissa}e{'+' if e >= 0 else '-'}{abs(e)}"


_MAX_SAFE_INTEGER = 2**53


def _write(value: Any, out: list) -> None:
    # Exact types first, cheapest test first: a reply is mostly str, int, float, dict and list, and
    # this runs for every value of every reply (it was most of a warm item.get's own CPU in Python).
    kind = type(value)
    if kind is str:
        out.append(_escape(value))
    elif kind is float:
        out.append(js_number(value))
    elif kind is int:
        out.append(str(value) if -_MAX_SAFE_INTEGER <= value <= _MAX_SAFE_INTEGER else js_number(value))
    elif kind is dict:
        out.append("{")
        first = True
        for key, item in value.items():
            if first:
                first = False
            else:
                out.append(",")
            out.append(_escape(str(key)))
            out.append(":")
            _write(item, out)
        out.append("}")
    elif kind is list:
        out.append("[")
        first = True
        for item in value:
            if first:
                first = False
            else:
                out.append(",")
            _write(item, out)
        out.append("]")
    else:
        _write_other(value, out)


def _write_other(value: Any, out: list) -> None:
    """Everything that is not exactly str, float, int, dict or list: constants, tuples, subclasses."""
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, str):
        out.append(_escape(value))
    elif isinstance(value, (int, float)):
        out.append(js_number(value))
    elif isinstance(value, dict):
        _write(dict(value), out)
    elif isinstance(value, (list, tuple)):
        _write(list(value), out)
    else:
        raise TypeError(f"cannot write {type(value).__name__} as JSON")


def dumps(value: Any) -> str:
    out: list = []
    _write(value, out)
    return "".join(out)


def _orjson_writes_as_js(value: Any) -> bool:
    """Whether orjson writes `value` byte for byte as JSON.stringify does. Its strings are escaped
    alike for every code point but the lone surrogates, which it refuses (then dumps_bytes writes
    them). Its numbers differ only where this says no: an integral float ("3.0" against "3"), a
    float under 1e-4 ("1e-5" against "0.00001"), an integer past 2**53 (exact against rounded).
    Checked on two million floats and every code point against js_json's own writer
    (tests/test_js_json.py keeps a sample of each case)."""
    kind = type(value)
    if kind is str:
        return True
    if kind is float:
        return 1e-4 <= abs(value) < 1e16 and not value.is_integer()
    if kind is int:
        return -_MAX_SAFE_INTEGER <= value <= _MAX_SAFE_INTEGER
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str or not _orjson_writes_as_js(item):
                return False
        return True
    if kind is list:
        for item in value:
            if not _orjson_writes_as_js(item):
                return False
        return True
    return value is None or kind is bool


def dumps_bytes(value: Any) -> bytes:
    # orjson first where it writes the same bytes: a warm item's write took 6.7 µs here through
    # _write and 2.1 µs through the check and orjson, on every reply of every Python stack.
    if _orjson_writes_as_js(value):
        try:
            return orjson.dumps(value)
        except orjson.JSONEncodeError:  # a lone surrogate, or nesting past orjson's limit
            pass
    # A lone surrogate (from a "\ud800" escape in a request) is written as JSON.stringify does: escaped.
    text = dumps(value)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _escape_surrogates(text)


def _escape_surrogates(text: str) -> bytes:
    return "".join(f"\\u{ord(c):04x}" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text).encode("utf-8")


def _refuse_constant(name: str) -> float:
    # JSON.parse has no NaN or Infinity literals; Python's json would accept them.
    raise ValueError(f"{name} is not JSON")


def loads(text: bytes | str) -> Any:
    """JSON.parse's grammar: strict (no NaN/Infinity), any value at the top. ValueError when it is not JSON."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    return json.loads(text, parse_constant=_refuse_constant)

