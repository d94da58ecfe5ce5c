"""The per-request knobs, read from REST headers and gRPC metadata alike
(packages/core/src/calls/context-from-headers.ts and call-context.ts): the same values accepted
and refused with the same words on every stack."""

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Callable, Optional

from .errors import invalid_argument
from .js_json import js_number

CACHE_MODE_HEADER = "x-relix-cache"
DELAY_HEADER = "x-relix-delay-ms"
CACHE_MODES = ("warm", "cold", "miss", "memory")
MAX_DELAY_MS = 1_000
# The most server time one request may ask to be held for, summed over a stream's messages or an upload's MiB.
MAX_TOTAL_DELAY_MS = 10_000


@dataclass(frozen=True)
class CallContext:
    cache_mode: str = "warm"
    delay_ms: int = 0


def call_context_from(read: Callable[[str], Optional[str]]) -> CallContext:
    raw_mode = read(CACHE_MODE_HEADER)
    mode = "warm" if raw_mode is None else raw_mode
    if mode not in CACHE_MODES:
        raise invalid_argument(CACHE_MODE_HEADER, f'must be one of warm, cold, miss (got "{raw_mode}")')
    raw_delay = read(DELAY_HEADER)
    delay_ms = 0
    if raw_delay is not None:
        if not (raw_delay.isascii() and raw_delay.isdigit()) or int(raw_delay) > MAX_DELAY_MS:
            raise invalid_argument(
                DELAY_HEADER, f'must be a whole number of milliseconds from 0 to {MAX_DELAY_MS} (got "{raw_delay}")')
        delay_ms = int(raw_delay)
    return CallContext(mode, delay_ms)


def js_round(value: float) -> int:
    """Math.round: halves go up."""
    return math.floor(value + 0.5)


def _to_fixed_3(value: float) -> str:
    """Number(value.toFixed(3)) as JavaScript writes it: exact decimal value, halves up."""
    fixed = Decimal(value).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
    return js_number(float(fixed))


def assert_delay_budget(delay_ms: int, units: float, units_field: str, unit: str) -> None:
    """Refuses a request whose total delay is above the bound, before any work is done."""
    total_ms = js_round(delay_ms * units)
    if total_ms <= MAX_TOTAL_DELAY_MS:
        return
    raise invalid_argument(
        DELAY_HEADER,
        f"{delay_ms} ms per {unit} x {_to_fixed_3(units)} ({units_field}) is {total_ms} ms of server delay, "
        f"above the {MAX_TOTAL_DELAY_MS} ms a request may ask for",
    )
