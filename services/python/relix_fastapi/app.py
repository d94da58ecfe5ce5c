"""The FastAPI app: one route per workload of the catalog (relix_common.workloads), the ops
routes, and JSON errors in the Node services' shape.

Handlers are `async def`, as FastAPI code is written: the body is awaited, study 001's sleeps are
asyncio.sleep, and the pure work runs on the event loop. The one workload that reads Redis and
MySQL awaits a warm read's Redis GET on the loop (warm_reads.py); every other read of the stores
(a miss, cold, memory, a failing Redis) goes through the shared blocking data layer in Starlette's
worker threads (run_in_threadpool), exactly as FastAPI runs a plain `def` endpoint.
"""

import asyncio
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import Response, StreamingResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from relix_common import js_json
from relix_common.call_context import call_context_from
from relix_common.errors import DomainError
from relix_common.http_paths import decode_param, raw_params
from relix_common.http_rules import (HEALTHZ_BODY, JSON_CONTENT_TYPE, MAX_MESSAGE_BYTES, NDJSON_CONTENT_TYPE,
                                     HttpError, error_answer, json_body, no_route, readiness_answer, stats_answer,
                                     too_large_body)
from relix_common.openapi_document import openapi_document
from relix_common.runtime import ServiceRuntime
from relix_common.schema import UNDEFINED
from relix_common.telemetry.server_telemetry import outcome_of
from relix_common.workloads import WORKLOADS, Workload, route_with
from relix_fastapi.warm_reads import NOT_SERVED, WarmReads


def _json(status: int, body: bytes) -> Response:
    # As a media type, not a headers dict: Starlette writes a non-text media type as given, and
    # skips building and merging a header mapping on every reply.
    return Response(body, status_code=status, media_type=JSON_CONTENT_TYPE)


def _error(error: BaseException) -> Response:
    return _json(*error_answer(error))


async def _body(request: Request):
    """The raw body, None when there is none (no length, not chunked), refused past the limit."""
    headers = request.headers
    if "content-length" not in headers and "transfer-encoding" not in headers:
        return None
    length = headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_MESSAGE_BYTES:
        raise too_large_body()
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_MESSAGE_BYTES:
            raise too_large_body()
        chunks.append(chunk)
    return b"".join(chunks)


def _endpoint(workload: Workload, runtime: ServiceRuntime, warm_reads: WarmReads):
    telemetry, repository = runtime.telemetry, runtime.repository

    async def serve(request: Request) -> Response:
        try:
            raw_path = request.scope.get("raw_path", b"").decode("latin-1") or request.url.path
            params = {name: decode_param(raw) for name, raw in (raw_params(workload.rest_route, raw_path) or {}).items()}
            body = UNDEFINED if workload.rest_body == "none" else await _body(request)
        except HttpError as error:
            return _error(error)  # refused before the route, as Express's body parser does: not counted
        span = telemetry.start_span()
        try:
            if workload.rest_body == "json":
                with span.codec():
                    body = json_body(body, request.headers.get("content-type"))
            elif workload.rest_body == "raw" and body is None:
                body = UNDEFINED
            ctx = call_context_from(request.headers.get)
            checked = workload.from_rest(params, body)
            workload.admit(checked, ctx)
            if workload.streaming:
                return StreamingResponse(_ndjson(workload, checked, ctx, span, telemetry),
                                         headers={"content-type": NDJSON_CONTENT_TYPE})
            with span.service():
                delay_ms = workload.delay_ms(checked, ctx)
                if delay_ms > 0:
                    await asyncio.sleep(delay_ms / 1000)
                if workload.reads_stores:
                    reply = NOT_SERVED
                    if workload.cache_key is not None and ctx.cache_mode == "warm":
                        reply = await warm_reads.hit(workload.cache_key(checked))
                    if reply is NOT_SERVED:
                        reply = await run_in_threadpool(workload.reply, checked, ctx, repository)
                else:
                    reply = workload.reply(checked, ctx, repository)
            with span.codec():
                text = js_json.dumps_bytes(reply)
            response = _json(200, text)
            telemetry.finish(workload.id, span, "ok")
            return response
        except (DomainError, HttpError) as error:
            telemetry.finish(workload.id, span, outcome_of(error))
            return _error(error)

    serve.__name__ = f"workload_{workload.id.replace('.', '_')}"
    return serve


async def _ndjson(workload: Workload, request: dict, ctx, span, telemetry):
    completed = False
    delay_s = workload.message_delay_ms(ctx) / 1000
    try:
        for message in workload.messages(request):
            with span.service():
                if delay_s > 0:
                    await asyncio.sleep(delay_s)
            with span.codec():
                line = js_json.dumps_bytes(message) + b"\n"
            yield line
        completed = True
    finally:
        telemetry.finish(workload.id, span, "ok" if completed else "cancelled")


def create_app(runtime: ServiceRuntime, redis_url: str) -> FastAPI:
    telemetry = runtime.telemetry
    warm_reads = WarmReads(redis_url, runtime.cache, telemetry.cache_event)

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        yield
        await warm_reads.close()

    # FastAPI's own document would describe its view of these routes; the stack serves the contract's.
    app = FastAPI(title="Relix (fastapi stack)", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    document = openapi_document("fastapi")
    for workload in WORKLOADS:
        app.add_api_route(route_with(workload.rest_route, lambda name: "{" + name + "}"),
                          _endpoint(workload, runtime, warm_reads), methods=[workload.rest_method], name=workload.id)

    @app.get("/healthz")
    async def healthz() -> Response:
        return _json(200, HEALTHZ_BODY)

    @app.get("/readyz")
    def readyz() -> Response:  # blocking pings, at most 2 s: a worker thread
        return _json(*readiness_answer(runtime.repository))

    @app.api_route("/stats", methods=["GET", "POST"])
    async def stats(request: Request) -> Response:
        return _json(*stats_answer(telemetry, request.method, request.headers.get))

    @app.get("/metrics")
    async def metrics() -> Response:
        return Response(telemetry.metrics_text(), headers={"content-type": telemetry.content_type})

    @app.get("/openapi.json")
    async def openapi() -> Response:
        return _json(200, document)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        # No route (or not for this method, which Express answers the same way): the Node services' 404.
        if error.status_code in (404, 405):
            raw_path = request.scope.get("raw_path", b"").decode("latin-1") or request.url.path
            return _error(no_route(request.method, raw_path.split("?", 1)[0]))
        return _error(HttpError(error.status_code, "bad_request", str(error.detail)))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> Response:
        return _error(error)

    return app
