"""One request's server time split three ways, as packages/io/src/telemetry/request-span.ts:
service (the service call, stores included), codec (body decode and encode), rest (the
remainder: framework, framing, validation). A span starts where the server first holds the
request, before its body is decoded, and ends when the reply is handed to the transport."""

import time
from contextlib import contextmanager


def now_us() -> float:
    return time.perf_counter_ns() / 1000


class RequestSpan:
    __slots__ = ("started_us", "service_us", "codec_us")

    def __init__(self, started_us: float | None = None):
        self.started_us = now_us() if started_us is None else started_us
        self.service_us = 0.0
        self.codec_us = 0.0

    @contextmanager
    def codec(self):
        started = now_us()
        try:
            yield
        finally:
            self.codec_us += now_us() - started

    @contextmanager
    def service(self):
        started = now_us()
        try:
            yield
        finally:
            self.service_us += now_us() - started

    def split(self, ended_us: float) -> dict:
        server_us = ended_us - self.started_us
        rest_us = max(0.0, server_us - self.service_us - self.codec_us)
        return {"serverUs": self.service_us + self.codec_us + rest_us, "serviceUs": self.service_us,
                "codecUs": self.codec_us, "restUs": rest_us}
