"""Serving one workload from a worker thread (the Flask and grpcio stacks): admit, sleep as study
001 asks, answer. The sleeps and the service call count as service time, as in the Node services,
where the sleep is inside the service function."""

import time
from typing import Iterator

from .call_context import CallContext
from .telemetry.request_span import RequestSpan
from .workloads import Workload


def answer(workload: Workload, request: dict, ctx: CallContext, repository, span: RequestSpan) -> dict:
    workload.admit(request, ctx)
    with span.service():
        delay_ms = workload.delay_ms(request, ctx)
        if delay_ms > 0:
            time.sleep(delay_ms / 1000)
        return workload.reply(request, ctx, repository)


def stream(workload: Workload, request: dict, ctx: CallContext, span: RequestSpan) -> Iterator[dict]:
    """Admits the request at once (a refusal is still a proper status); the messages come lazily."""
    workload.admit(request, ctx)
    delay_s = workload.message_delay_ms(ctx) / 1000
    source = workload.messages(request)

    def timed() -> Iterator[dict]:
        while True:
            with span.service():
                if delay_s > 0:
                    time.sleep(delay_s)
                message = next(source, None)
            if message is None:
                return
            yield message

    return timed()
