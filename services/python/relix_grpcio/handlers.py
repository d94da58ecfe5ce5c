"""One grpcio method handler per workload of the catalog, grouped by service: nothing here is
listed by hand. Built as generic handlers from the generated stubs' message classes (what the
generated add_*Servicer_to_server does), so the (de)serializers can be timed."""

import grpc

from relix_common import serve_sync
from relix_common.call_context import call_context_from
from relix_common.errors import DomainError
from relix_common.runtime import ServiceRuntime
from relix_common.telemetry.server_telemetry import outcome_of
from relix_common.workloads import WORKLOADS, Workload

from .codec_timing import (encode_into, finish_after_encode, span_from_decode, timed_deserializer,
                           timed_serializer)
from .messages import PACKAGE, message_of, method_classes
from .status_map import status_of


def _metadata_reader(context: grpc.ServicerContext):
    metadata = context.invocation_metadata()

    def read(name: str):
        for key, value in metadata:
            if key == name:
                return value if isinstance(value, str) else value.decode("latin-1")
        return None

    return read


def _abort(context: grpc.ServicerContext, error: BaseException):
    code, details = status_of(error)
    context.abort(code, details)


def _unary(workload: Workload, runtime: ServiceRuntime, reply_class):
    telemetry, repository = runtime.telemetry, runtime.repository

    def handle(request, context: grpc.ServicerContext):
        span = span_from_decode(telemetry)
        try:
            ctx = call_context_from(_metadata_reader(context))
            checked = workload.from_grpc(request)
            reply = message_of(reply_class, serve_sync.answer(workload, checked, ctx, repository, span))
        except Exception as error:
            telemetry.finish(workload.id, span, outcome_of(error))
            _abort(context, error)
        finish_after_encode(telemetry, workload.id, span)
        return reply

    return handle


def _server_stream(workload: Workload, runtime: ServiceRuntime, reply_class):
    telemetry = runtime.telemetry

    def handle(request, context: grpc.ServicerContext):
        span = span_from_decode(telemetry)
        encode_into(None)
        try:
            ctx = call_context_from(_metadata_reader(context))
            checked = workload.from_grpc(request)
            messages = serve_sync.stream(workload, checked, ctx, span)
        except Exception as error:
            telemetry.finish(workload.id, span, outcome_of(error))
            _abort(context, error)
        completed = False
        try:
            for message in messages:
                if not context.is_active():
                    return
                encode_into(span)
                yield message_of(reply_class, message)
            completed = True
        finally:
            encode_into(None)
            telemetry.finish(workload.id, span, "ok" if completed and context.is_active() else "cancelled")

    return handle


def generic_handlers(runtime: ServiceRuntime) -> list:
    wire = runtime.telemetry.wire
    serialize = timed_serializer(wire)
    by_service: dict[str, dict] = {}
    for workload in WORKLOADS:
        request_class, reply_class = method_classes(workload.grpc_service, workload.grpc_method)
        deserialize = timed_deserializer(request_class.FromString, wire)
        if workload.streaming:
            handler = grpc.unary_stream_rpc_method_handler(
                _server_stream(workload, runtime, reply_class), request_deserializer=deserialize,
                response_serializer=serialize)
        else:
            handler = grpc.unary_unary_rpc_method_handler(
                _unary(workload, runtime, reply_class), request_deserializer=deserialize,
                response_serializer=serialize)
        by_service.setdefault(workload.grpc_service, {})[workload.grpc_method] = handler
    return [grpc.method_handlers_generic_handler(f"{PACKAGE}.{service}", methods)
            for service, methods in by_service.items()]


def served_services() -> list[str]:
    return sorted({f"{PACKAGE}.{w.grpc_service}" for w in WORKLOADS})
