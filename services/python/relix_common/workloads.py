"""The workloads the Python stacks serve, each defined once (after packages/core/src/catalog):
its REST route and body, its gRPC method, how a request is read from either transport and
checked, and what answers it. The servers derive their routes and handlers from this list.

The study 001 sleeps are described, not taken: `delay_ms` (before a reply) and `message_delay_ms`
(before each streamed message) let each transport sleep in its own idiom.
"""

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional

from . import schema, services
from .cache_keys import item_key
from .call_context import CallContext, assert_delay_budget
from .schema import UNDEFINED, Invalid, refuse

MAX_STREAM_MESSAGES = 10_000
MAX_DOT_LENGTH = 100_000
FLOAT32_MAX = 3.4028234663852886e38
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
UINT32_MAX = 2**32 - 1
_POSITIVE_ID = "must be a whole number from 1 to 4294967295"


@dataclass(frozen=True)
class Workload:
    id: str
    rest_method: str  # GET | POST
    rest_route: str  # Express syntax, /v1/items/:id
    rest_body: str  # none | json | raw
    grpc_service: str
    grpc_method: str
    # (path params, body: parsed JSON, raw bytes or UNDEFINED) -> a checked request
    from_rest: Callable[[dict, Any], dict]
    # (protobuf message) -> a checked request
    from_grpc: Callable[[Any], dict]
    # the answer (not streams); `repository` only for reads of the stores
    reply: Optional[Callable[[dict, CallContext, Any], dict]] = None
    # a stream's messages
    messages: Optional[Callable[[dict], Iterator[dict]]] = None
    # refuses a request before any work (the delay budget)
    admit: Callable[[dict, CallContext], None] = lambda request, ctx: None
    # server-side sleep before the reply (ms)
    delay_ms: Callable[[dict, CallContext], int] = lambda request, ctx: 0
    # server-side sleep before each streamed message (ms)
    message_delay_ms: Callable[[CallContext], int] = lambda ctx: 0
    # reads Redis/MySQL (blocking I/O: an event loop runs it in a worker thread)
    reads_stores: bool = False
    # the Redis key a warm read answers from, for a server that reads the cache on its event loop
    # (its hit is the reply as it is; a miss, an error or another mode goes through `reply`)
    cache_key: Optional[Callable[[dict], str]] = None

    @property
    def streaming(self) -> bool:
        return self.messages is not None


def _checked(check: Callable[[], dict]) -> dict:
    try:
        return check()
    except Invalid as problem:
        raise refuse(problem) from None


# -- request checks, one per schema of packages/core/src/domain ----------------------------------

def _by_id(candidate_id) -> dict:
    try:
        return {"id": schema.number(candidate_id, ["id"], 1, UINT32_MAX, integer=True)}
    except Invalid:
        raise Invalid(["id"], _POSITIVE_ID) from None


def _id_from_path(params: dict):
    raw = params.get("id", "")
    # "12" -> 12; anything else stays invalid, as NaN does
    return int(raw) if raw.isascii() and raw.isdigit() else float("nan")


def _echo(body) -> dict:
    document = schema.obj(body)
    message = schema.string(schema.field(document, "message"), ["message"], max_length=65536)
    data = schema.string_record(schema.field(document, "data"), ["data"])
    return {"message": message, "data": data}


def _stream(body) -> dict:
    document = schema.obj(body)
    count = schema.number(schema.field(document, "numberOfMessages"), ["numberOfMessages"], 1,
                          MAX_STREAM_MESSAGES, integer=True)
    return {"numberOfMessages": count}


def _int32(document: dict, name: str) -> int:
    return schema.number(schema.field(document, name), [name], INT32_MIN, INT32_MAX, integer=True)


def _add(body) -> dict:
    document = schema.obj(body)
    return {"a": _int32(document, "a"), "b": _int32(document, "b")}


def _float32(value, path) -> float:
    return schema.number(value, path, -FLOAT32_MAX, FLOAT32_MAX)


def _dot(body) -> dict:
    document = schema.obj(body)
    a = schema.array(schema.field(document, "a"), ["a"], _float32, 1, MAX_DOT_LENGTH)
    b = schema.array(schema.field(document, "b"), ["b"], _float32, 1, MAX_DOT_LENGTH)
    if len(a) != len(b):
        raise Invalid(["b"], "a and b must have the same length")
    return {"a": a, "b": b}


def _base64(body) -> dict:
    document = schema.obj(body)
    return {"img": schema.string(schema.field(document, "img"), ["img"], min_length=1)}


def _bytes(name: str) -> Callable[[Any], dict]:
    return lambda value: {name: schema.buffer(value, [name])}


# -- answers -------------------------------------------------------------------------------------

def _stream_messages(request: dict) -> Iterator[dict]:
    return (services.stream_message(sequence) for sequence in range(request["numberOfMessages"]))


def _admit_stream(request: dict, ctx: CallContext) -> None:
    assert_delay_budget(ctx.delay_ms, request["numberOfMessages"], "numberOfMessages", "message")


def _admit_upload(request: dict, ctx: CallContext) -> None:
    assert_delay_budget(ctx.delay_ms, len(request["payload"]) / services.MIB, "payload", "MiB")


WORKLOADS: tuple[Workload, ...] = (
    Workload(
        id="noop", rest_method="GET", rest_route="/v1/noop", rest_body="none",
        grpc_service="BenchService", grpc_method="Noop",
        from_rest=lambda params, body: {}, from_grpc=lambda message: {},
        reply=lambda request, ctx, repository: services.noop(),
    ),
    Workload(
        id="item.get", rest_method="GET", rest_route="/v1/items/:id", rest_body="none",
        grpc_service="CatalogService", grpc_method="GetItem",
        from_rest=lambda params, body: _checked(lambda: _by_id(_id_from_path(params))),
        from_grpc=lambda message: _checked(lambda: _by_id(message.id)),
        reply=lambda request, ctx, repository: repository.get_item(request["id"], ctx.cache_mode),
        reads_stores=True,
        cache_key=lambda request: item_key(request["id"]),
    ),
    Workload(
        id="echo", rest_method="POST", rest_route="/v1/echo", rest_body="json",
        grpc_service="BenchService", grpc_method="Echo",
        from_rest=lambda params, body: _checked(lambda: _echo(body)),
        from_grpc=lambda message: _checked(lambda: _echo({"message": message.message, "data": dict(message.data)})),
        reply=lambda request, ctx, repository: services.echo(request),
        delay_ms=lambda request, ctx: ctx.delay_ms,
    ),
    Workload(
        id="stream", rest_method="POST", rest_route="/v1/stream", rest_body="json",
        grpc_service="BenchService", grpc_method="Stream",
        from_rest=lambda params, body: _checked(lambda: _stream(body)),
        from_grpc=lambda message: _checked(lambda: _stream({"numberOfMessages": message.number_of_messages})),
        messages=_stream_messages,
        admit=_admit_stream,
        message_delay_ms=lambda ctx: ctx.delay_ms,
    ),
    Workload(
        id="upload", rest_method="POST", rest_route="/v1/upload", rest_body="raw",
        grpc_service="BenchService", grpc_method="Upload",
        from_rest=lambda params, body: _checked(lambda: _bytes("payload")(body)),
        from_grpc=lambda message: {"payload": message.payload},
        reply=lambda request, ctx, repository: services.upload(request["payload"]),
        admit=_admit_upload,
        delay_ms=lambda request, ctx: services.upload_delay_ms(ctx.delay_ms, len(request["payload"])),
    ),
    Workload(
        id="math.add", rest_method="POST", rest_route="/v1/math/add", rest_body="json",
        grpc_service="MathService", grpc_method="Add",
        from_rest=lambda params, body: _checked(lambda: _add(body)),
        from_grpc=lambda message: {"a": message.a, "b": message.b},
        reply=lambda request, ctx, repository: services.add(request),
    ),
    Workload(
        id="math.dot", rest_method="POST", rest_route="/v1/math/dot", rest_body="json",
        grpc_service="MathService", grpc_method="Dot",
        from_rest=lambda params, body: _checked(lambda: _dot(body)),
        from_grpc=lambda message: _checked(lambda: _dot({"a": list(message.a), "b": list(message.b)})),
        reply=lambda request, ctx, repository: services.dot(request),
    ),
    Workload(
        id="image.raw", rest_method="POST", rest_route="/v1/images/raw", rest_body="raw",
        grpc_service="ImageService", grpc_method="Raw",
        from_rest=lambda params, body: _checked(lambda: _bytes("image")(body)),
        from_grpc=lambda message: {"image": message.image},
        reply=lambda request, ctx, repository: services.image_size(request["image"]),
    ),
    Workload(
        id="image.base64", rest_method="POST", rest_route="/v1/images/base64", rest_body="json",
        grpc_service="ImageService", grpc_method="Base64",
        from_rest=lambda params, body: _checked(lambda: _base64(body)),
        from_grpc=lambda message: _checked(lambda: _base64({"img": message.img})),
        reply=lambda request, ctx, repository: services.image_size_base64(request),
    ),
)

WORKLOAD_IDS = tuple(w.id for w in WORKLOADS)


def route_params(route: str) -> list[str]:
    return [part[1:] for part in route.split("/") if part.startswith(":")]


def route_with(route: str, write: Callable[[str], str]) -> str:
    """The route in a framework's syntax: write("id") -> "{id}" (FastAPI) or "<id>" (Flask)."""
    return "/".join(write(part[1:]) if part.startswith(":") else part for part in route.split("/"))


__all__ = ["WORKLOADS", "WORKLOAD_IDS", "Workload", "UNDEFINED", "route_with", "route_params"]
