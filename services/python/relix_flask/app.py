"""The Flask app: one route per workload of the catalog (relix_common.workloads), the ops routes,
and JSON errors in the Node services' shape. Separate from the server so tests can use Flask's
test client."""

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from relix_common import js_json, serve_sync
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


def _json(status: int, body: bytes) -> Response:
    return Response(body, status=status, content_type=JSON_CONTENT_TYPE)


def _error(error: BaseException) -> Response:
    status, body = error_answer(error)
    return _json(status, body)


def _header(name: str):
    return request.headers.get(name)


def _has_body() -> bool:
    # Express's rule: a body is there when it has a length or is chunked, even an empty one.
    return request.content_length is not None or "Transfer-Encoding" in request.headers


def _read_body(workload: Workload):
    if workload.rest_body == "none":
        return UNDEFINED
    if request.content_length is not None and request.content_length > MAX_MESSAGE_BYTES:
        raise too_large_body()
    try:
        raw = request.get_data(cache=False) if _has_body() else None
    except RequestEntityTooLarge:
        raise too_large_body() from None
    if workload.rest_body == "raw":
        return UNDEFINED if raw is None else raw
    return raw  # JSON: decoded as codec time by the caller


def _view(workload: Workload, runtime: ServiceRuntime):
    telemetry, repository = runtime.telemetry, runtime.repository
    route = workload.rest_route

    def serve(**_flask_params):
        try:
            params = {name: decode_param(raw) for name, raw in
                      (raw_params(route, request.environ.get("RAW_URI") or request.path) or {}).items()}
            body = _read_body(workload)
        except HttpError as error:
            return _error(error)  # refused before the route, as Express's body parser does: not counted
        span = telemetry.start_span()
        try:
            if workload.rest_body == "json":
                with span.codec():
                    body = json_body(body, request.content_type)
            ctx = call_context_from(_header)
            checked = workload.from_rest(params, body)
            if workload.streaming:
                messages = serve_sync.stream(workload, checked, ctx, span)
                return Response(_ndjson(messages, workload, span, telemetry), status=200,
                                content_type=NDJSON_CONTENT_TYPE)
            reply = serve_sync.answer(workload, checked, ctx, repository, span)
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


def _ndjson(messages, workload: Workload, span, telemetry):
    completed = False
    try:
        for message in messages:
            with span.codec():
                line = js_json.dumps_bytes(message) + b"\n"
            yield line
        completed = True
    finally:
        telemetry.finish(workload.id, span, "ok" if completed else "cancelled")


def create_app(runtime: ServiceRuntime) -> Flask:
    app = Flask("relix_flask")
    app.config["MAX_CONTENT_LENGTH"] = MAX_MESSAGE_BYTES
    app.extensions["relix_runtime"] = runtime
    telemetry = runtime.telemetry
    document = openapi_document("flask")

    for workload in WORKLOADS:
        app.add_url_rule(route_with(workload.rest_route, lambda name: f"<{name}>"), endpoint=workload.id,
                         view_func=_view(workload, runtime), methods=[workload.rest_method])

    @app.get("/healthz")
    def healthz():
        return _json(200, HEALTHZ_BODY)

    @app.get("/readyz")
    def readyz():
        return _json(*readiness_answer(runtime.repository))

    @app.route("/stats", methods=["GET", "POST"])
    def stats():
        return _json(*stats_answer(telemetry, request.method, _header))

    @app.get("/metrics")
    def metrics():
        return Response(telemetry.metrics_text(), content_type=telemetry.content_type)

    @app.get("/openapi.json")
    def openapi():
        return _json(200, document)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        # No route (or not for this method, which Express answers the same way): the Node services' 404.
        if isinstance(error, RequestEntityTooLarge):
            return _error(too_large_body())
        if error.code in (404, 405):
            raw_path = (request.environ.get("RAW_URI") or request.path).split("?", 1)[0]
            return _error(no_route(request.method, raw_path))
        return _error(HttpError(error.code or 400, "bad_request", error.description or error.name))

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        app.logger.exception("flask: unexpected error")
        return _error(error)

    return app
