"""Timed protobuf (de)serializers. grpcio decodes a request in the pool thread right before the
handler runs, and encodes the reply in the same thread right after it returns, so a handler
cannot time its own codec: the deserializer leaves when its decode began and how long it took
for the handler to read, and the serializer adds its encode to the span the handler left, then
(for a unary reply) records the finished request. Each also counts the message's bytes (plus
gRPC's 5-byte frame prefix) as wire bytes: grpcio's sockets live in its C core, out of reach."""

import threading
from typing import Callable, Optional

from relix_common.telemetry.request_span import RequestSpan, now_us

GRPC_FRAME_PREFIX = 5

_thread = threading.local()


def timed_deserializer(parse: Callable[[bytes], object], wire) -> Callable[[bytes], object]:
    def deserialize(data: bytes):
        started = now_us()
        message = parse(data)
        _thread.decode = (started, now_us() - started)
        wire.received(len(data) + GRPC_FRAME_PREFIX)
        return message

    return deserialize


def span_from_decode(telemetry) -> RequestSpan:
    """A span from when this thread began decoding the request; the decode is codec time."""
    decode = getattr(_thread, "decode", None)
    _thread.decode = None
    if decode is None:
        return telemetry.start_span()
    span = telemetry.start_span(decode[0])
    span.codec_us += decode[1]
    return span


def finish_after_encode(telemetry, workload_id: str, span: RequestSpan) -> None:
    """The next reply this thread encodes ends `span` as a success."""
    _thread.pending = (telemetry, workload_id, span)


def encode_into(span: Optional[RequestSpan]) -> None:
    """The messages this thread encodes next count towards `span` (a stream's)."""
    _thread.stream_span = span


def timed_serializer(wire) -> Callable[[object], bytes]:
    def serialize(message) -> bytes:
        started = now_us()
        data = message.SerializeToString()
        spent = now_us() - started
        wire.sent(len(data) + GRPC_FRAME_PREFIX)
        pending = getattr(_thread, "pending", None)
        if pending is not None:
            _thread.pending = None
            telemetry, workload_id, span = pending
            span.codec_us += spent
            telemetry.finish(workload_id, span, "ok")
        else:
            stream_span = getattr(_thread, "stream_span", None)
            if stream_span is not None:
                stream_span.codec_us += spent
        return data

    return serialize
