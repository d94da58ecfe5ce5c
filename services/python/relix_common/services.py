"""The business logic every Python transport calls (packages/io/src/services): pure answers here;
the server-side sleeps of study 001 are for each transport to take in its own idiom (time.sleep
in a worker thread, asyncio.sleep on an event loop), with the lengths computed here."""

import base64
import binascii
import hashlib
import math
import re
import struct

from .call_context import js_round
from .errors import DomainError, invalid_argument
from .jpeg_size import read_jpeg_size

MIB = 1024 * 1024
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
_BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")


# -- study 001 and the floor (bench-service.ts) --------------------------------------------------

def noop() -> dict:
    return {}


def echo(request: dict) -> dict:
    """001's simple call: the map it got (after the transport's sleep of delay_ms)."""
    return {"status": "ok", "data": request["data"]}


def stream_message(sequence: int) -> dict:
    """001's streaming call: message `sequence` (the transport sleeps delay_ms before each)."""
    return {"data": f"relix stream message {sequence:06d}", "sequence": sequence}


def upload_delay_ms(delay_ms: int, size: int) -> int:
    """001's large payload: delay_ms per MiB received."""
    return js_round(delay_ms * size / MIB)


def upload(payload: bytes) -> dict:
    return {"size": len(payload), "sha256": hashlib.sha256(payload).hexdigest()}


# -- study 004 (compute-service.ts) --------------------------------------------------------------

def add(request: dict) -> dict:
    total = request["a"] + request["b"]
    if total < INT32_MIN or total > INT32_MAX:
        raise invalid_argument("b", "a + b overflows int32")
    return {"sum": total}


def float32(value: float) -> float:
    """Math.fround: OverflowError when the value rounds beyond float32's range."""
    return struct.unpack("<f", struct.pack("<f", value))[0]


def dot(request: dict) -> dict:
    """Summed in doubles, then rounded to float32 because the proto says `float`: both protocols
    then answer the same number."""
    total = _sum(request["a"], request["b"])
    try:
        result = float32(total)
    except OverflowError:
        result = math.inf
    # JSON has no Infinity: an overflow is the caller's input, not a 200 with null.
    if not math.isfinite(result):
        raise invalid_argument("b", "the dot product overflows float32")
    return {"result": result}


def _sum(a: list, b: list) -> float:
    # Left to right, one rounding per step, as JavaScript's loop does (fsum would be more exact, and different).
    total = 0.0
    for x, y in zip(a, b):
        total += x * y
    return total


def image_size(image: bytes, field: str = "image") -> dict:
    if len(image) == 0:
        raise invalid_argument(field, "is empty")
    try:
        return read_jpeg_size(image)
    except DomainError as error:
        raise invalid_argument(field, error.message) from None


def image_size_base64(request: dict) -> dict:
    img = request["img"]
    if len(img) % 4 != 0 or not _BASE64.fullmatch(img):
        raise invalid_argument("img", "is not valid base64")
    try:
        raw = base64.b64decode(img, validate=False)
    except binascii.Error:
        raise invalid_argument("img", "is not valid base64") from None
    return image_size(raw, "img")
