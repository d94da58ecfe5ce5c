"""The protobuf side of the catalog: each workload's request and reply classes, read from the
generated stubs' service descriptors (nothing listed by hand), and a reply dict -> its message
(the JSON's camelCase names are the proto's snake_case fields, as proto-loader maps them)."""

import re

from google.protobuf import message_factory

from relix.v1 import bench_pb2, catalog_pb2, compute_pb2, meteorites_pb2, shapes_pb2

_FILES = tuple(m.DESCRIPTOR for m in (bench_pb2, catalog_pb2, compute_pb2, meteorites_pb2, shapes_pb2))
PACKAGE = "relix.v1"


def service_descriptor(name: str):
    for file in _FILES:
        if name in file.services_by_name:
            return file.services_by_name[name]
    raise KeyError(f"no service {name} in proto/relix/v1")


def method_classes(service: str, method: str):
    descriptor = service_descriptor(service).methods_by_name[method]
    return (message_factory.GetMessageClass(descriptor.input_type),
            message_factory.GetMessageClass(descriptor.output_type))


_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def snake(name: str) -> str:
    return _CAMEL.sub("_", name).lower()


def message_of(cls, reply: dict):
    return cls(**{snake(name): value for name, value in reply.items()})
