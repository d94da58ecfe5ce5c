"""One request's server time split three ways, as packages/io/src/telemetry/request-span.ts:
service (the service call, stores included), codec (body decode and encode), rest (the
remainder: framework, framing, validation). A span starts where the server first holds the
request, before its body is decoded, and ends when the reply is handed to the transport."""

import time


def now_us() -> float:
    return time.perf_counter_ns() / 1000


class RequestSpan:
    __slots__ = ("started_us", "service_us", "codec_us")

    def __init__(self, started_us: float | None = None):
        self.started_us = now_us() if started_us is None else started_us
        self.service_us = 0.0
        self.codec_us = 0.0

    def codec(self) -> "_PartTimer":
        """`with span.codec():` adds the block's time to the codec part."""
        return _PartTimer(self, "codec_us")

    def service(self) -> "_PartTimer":
        """`with span.service():` adds the block's time to the service part."""
        return _PartTimer(self, "service_us")

    def split(self, ended_us: float) -> dict:
        server_us = ended_us - self.started_us
        rest_us = max(0.0, server_us - self.service_us - self.codec_us)
        return {"serverUs": self.service_us + self.codec_us + rest_us, "serviceUs": self.service_us,
                "codecUs": self.codec_us, "restUs": rest_us}


class _PartTimer:
    """A block's time added to one part of a span. A plain class, not @contextmanager: a generator
    per block cost about 1.5 µs, a fair share of a warm read's own CPU in Python."""

    __slots__ = ("_span", "_part", "_started")

    def __init__(self, span: RequestSpan, part: str):
        self._span = span
        self._part = part

    def __enter__(self) -> None:
        self._started = now_us()

    def __exit__(self, *_exc) -> bool:
        span = self._span
        setattr(span, self._part, getattr(span, self._part) + now_us() - self._started)
        return False  # an exception in the block goes on, as it did through the generator
