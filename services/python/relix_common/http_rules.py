"""What every Python HTTP stack answers the same way as the Node ones
(apps/rest-api/src/error-responses.ts, ops-routes.ts, packages/io/src/telemetry/peak-rss-reset.ts
and interval-keep.ts): error bodies, the request body's rules, the ops endpoints' answers."""

from typing import Any, Optional

from . import js_json
from .errors import DomainError
from .schema import UNDEFINED

MAX_MESSAGE_BYTES = 16 * 1024 * 1024

STATUS_BY_KIND = {"invalid_argument": 400, "not_found": 404, "too_large": 413, "unavailable": 503}

JSON_CONTENT_TYPE = "application/json; charset=utf-8"
NDJSON_CONTENT_TYPE = "application/x-ndjson"

PEAK_RSS_RESET_HEADER = "x-relix-reset-peak-rss"
KEEP_INTERVAL_HEADER = "x-relix-keep-interval"
PEAK_RSS_RESET_REFUSED = (
    403, "forbidden",
    f"resetting the peak RSS is POST /stats with {PEAK_RSS_RESET_HEADER}: 1 (the runner's call); GET /stats only reads",
)


class HttpError(Exception):
    """An answer that is not a domain error: a body the stack cannot take, an unknown route."""

    def __init__(self, status: int, code: str, message: str, field: Optional[str] = None):
        super().__init__(message)
        self.status, self.code, self.message, self.field = status, code, message, field


def error_body(code: str, message: str, field: Optional[str] = None) -> bytes:
    error: dict = {"code": code, "message": message}
    if field:
        error["field"] = field
    return js_json.dumps_bytes({"error": error})


def error_answer(error: BaseException) -> tuple[int, bytes]:
    """Any failure -> (status, JSON body); the unexpected answered 500 without leaking internals."""
    if isinstance(error, DomainError):
        return STATUS_BY_KIND[error.kind], error_body(error.kind, error.message, error.field)
    if isinstance(error, HttpError):
        return error.status, error_body(error.code, error.message, error.field)
    return 500, error_body("internal", "internal error")


def no_route(method: str, path: str) -> HttpError:
    return HttpError(404, "not_found", f"no route for {method} {path}")


def too_large_body() -> HttpError:
    return HttpError(413, "too_large", f"body: larger than the limit of {MAX_MESSAGE_BYTES} bytes", "body")


def _media_type(content_type: Optional[str]) -> tuple[str, dict]:
    if not content_type:
        return "", {}
    parts = content_type.split(";")
    params = {}
    for part in parts[1:]:
        name, _, value = part.strip().partition("=")
        params[name.strip().lower()] = value.strip().strip('"').lower()
    return parts[0].strip().lower(), params


def is_json_type(content_type: Optional[str]) -> bool:
    """Express's JSON parser's types: application/json and application/*+json."""
    media, _ = _media_type(content_type)
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


def json_body(raw: Optional[bytes], content_type: Optional[str]) -> Any:
    """The request body as Express's JSON parser gives it to a route: UNDEFINED when there is no
    body or it is not JSON by its type; {} when empty; objects and arrays only (strict mode)."""
    if raw is None or not is_json_type(content_type):
        return UNDEFINED
    _, params = _media_type(content_type)
    charset = params.get("charset", "utf-8")
    if not charset.startswith("utf-"):
        raise HttpError(415, "unsupported", "body: unsupported encoding", "body")
    if len(raw) == 0:
        return {}
    stripped = raw.lstrip(b" \t\n\r")
    if not stripped or stripped[:1] not in (b"{", b"["):
        raise HttpError(400, "invalid_argument", "body: is not valid JSON", "body")
    try:
        return js_json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise HttpError(400, "invalid_argument", "body: is not valid JSON", "body") from None


def stats_answer(telemetry, method: str, header) -> tuple[int, bytes]:
    """GET /stats reads; POST /stats with the reset header also starts a new peak-RSS window."""
    keep = header(KEEP_INTERVAL_HEADER) == "1"
    if method == "POST":
        if header(PEAK_RSS_RESET_HEADER) != "1":
            status, code, message = PEAK_RSS_RESET_REFUSED
            return status, error_body(code, message)
        return 200, js_json.dumps_bytes(telemetry.snapshot(reset_peak_rss=True, keep_interval=keep))
    return 200, js_json.dumps_bytes(telemetry.snapshot(keep_interval=keep))


def readiness_answer(repository) -> tuple[int, bytes]:
    ready = repository.check_ready()
    both = ready["cache"] and ready["store"]
    body = {"status": "ready" if both else "not ready", "cache": ready["cache"], "store": ready["store"]}
    return (200 if both else 503), js_json.dumps_bytes(body)


HEALTHZ_BODY = js_json.dumps_bytes({"status": "ok"})
