"""Sends the same requests to the Node services and to the Python stacks and compares the answers:
REST byte for byte (status, content type, body), gRPC field for field (status code, details, reply
messages), the bytes each writes into Redis, and the shape of /stats, /healthz and /readyz.

    PYTHONPATH=services/python:services/python/generated services/python/.venv/bin/python \
      services/python/compare_with_node.py --redis-url redis://127.0.0.1:18379 \
      --express http://127.0.0.1:18380 --fastapi http://127.0.0.1:18391 --flask http://127.0.0.1:18392 \
      --grpc-js 127.0.0.1:18351 --grpcio 127.0.0.1:18362 \
      --grpc-js-side http://127.0.0.1:18364 --grpcio-side http://127.0.0.1:18363 [--jpeg study-004.jpg]

All services must read the same Redis and MySQL (seeded by the Node services). Prints one line
per check that differs and a closing count; exits 1 when anything differs.
"""

import argparse
import base64
import http.client
import json
import struct
import sys
from urllib.parse import urlsplit

import grpc
import redis

from relix_grpcio.messages import method_classes

MIB = 1024 * 1024
ITEM_KEY = "relix:v1:item:{}"


def f32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


def dot_request(length: int) -> dict:
    # packages/core/src/catalog/workloads/compute.ts dotRequest
    return {"a": [f32(((i * 7) % 13) / 4 - 1.5) for i in range(length)],
            "b": [f32(((i * 5) % 11) / 8 + 0.25) for i in range(length)]}


def echo_request() -> dict:
    # packages/core/src/catalog/workloads/bench.ts echoRequest() (study 001's ~0.5 KB)
    data = {f"field{i}": f"value-{i}-".ljust(36, chr(97 + i)) for i in range(10)}
    return {"message": "relix echo: the same request on both protocols", "data": data}


def tiny_jpeg(width: int = 3004, height: int = 1002) -> bytes:
    """SOI, an APP0 segment, then a baseline frame header: enough for a size reader."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, height, width, 3) + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    return b"\xff\xd8" + app0 + sof + b"\xff\xd9"


# -- REST ----------------------------------------------------------------------------------------

def rest_call(base: str, method: str, path: str, body=None, content_type=None, headers=None):
    """One request on a fresh connection; body None sends no body at all (no length, not chunked)."""
    url = urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    connection.putrequest(method, path, skip_accept_encoding=True)
    for name, value in (headers or {}).items():
        connection.putheader(name, value)
    if content_type:
        connection.putheader("content-type", content_type)
    if body is not None:
        connection.putheader("content-length", str(len(body)))
    try:
        connection.endheaders(body)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the server answered (413) before taking the whole body: its answer is still there
    try:
        response = connection.getresponse()
        data = response.read()
    except (ConnectionResetError, http.client.RemoteDisconnected) as error:
        return "connection closed", type(error).__name__, b""
    connection.close()
    return response.status, (response.getheader("content-type") or ""), data


def rest_cases(jpeg: bytes) -> list:
    J = "application/json"
    echo = json.dumps(echo_request(), separators=(",", ":")).encode()
    dot = json.dumps(dot_request(100), separators=(",", ":")).encode()
    cases = [
        ("noop", "GET", "/v1/noop", None, None, {}),
        ("noop, bad cache mode", "GET", "/v1/noop", None, None, {"x-relix-cache": "hot"}),
        ("noop, empty cache mode", "GET", "/v1/noop", None, None, {"x-relix-cache": ""}),
        ("noop, bad delay", "GET", "/v1/noop", None, None, {"x-relix-delay-ms": "1001"}),
        ("noop, delay not a number", "GET", "/v1/noop", None, None, {"x-relix-delay-ms": "1.5"}),
        ("unknown route", "GET", "/v1/nothing-here", None, None, {}),
        ("path //", "GET", "//", None, None, {}),
        ("wrong method", "POST", "/v1/noop", b"", J, {}),
        ("item 0", "GET", "/v1/items/0", None, None, {}),
        ("item abc", "GET", "/v1/items/abc", None, None, {}),
        ("item 1.5", "GET", "/v1/items/1.5", None, None, {}),
        ("item 007", "GET", "/v1/items/007", None, None, {}),
        ("item 2^32", "GET", "/v1/items/4294967296", None, None, {}),
        ("item huge", "GET", "/v1/items/99999999999999999999", None, None, {}),
        ("item unknown", "GET", "/v1/items/999999", None, None, {}),
        ("item undecodable", "GET", "/v1/items/%zz", None, None, {}),
        ("item bad utf-8", "GET", "/v1/items/%ff", None, None, {}),
        ("echo", "POST", "/v1/echo", echo, J, {}),
        ("echo, +json type", "POST", "/v1/echo", echo, "application/vnd.relix+json", {}),
        ("echo, delay 5", "POST", "/v1/echo", echo, J, {"x-relix-delay-ms": "5"}),
        ("echo, unicode and escapes", "POST", "/v1/echo",
         json.dumps({"message": "é\u2028", "data": {"k": "a\"b\\c\n\u0001\u007fé😀</>", "2": "x", "b": "y", "1": "z"}},
                    ensure_ascii=False).encode(), J, {}),
        ("echo, lone surrogate", "POST", "/v1/echo", b'{"message":"x","data":{"k":"\\ud800"}}', J, {}),
        ("echo, no body", "POST", "/v1/echo", None, None, {}),
        ("echo, empty JSON body", "POST", "/v1/echo", b"", J, {}),
        ("echo, text/plain", "POST", "/v1/echo", echo, "text/plain", {}),
        ("echo, bad JSON", "POST", "/v1/echo", b"{not json", J, {}),
        ("echo, top-level string", "POST", "/v1/echo", b'"x"', J, {}),
        ("echo, NaN literal", "POST", "/v1/echo", b'{"message":NaN}', J, {}),
        ("echo, array", "POST", "/v1/echo", b"[]", J, {}),
        ("echo, map of numbers", "POST", "/v1/echo", b'{"message":"x","data":{"k":1}}', J, {}),
        ("echo, data null", "POST", "/v1/echo", b'{"message":"x","data":null}', J, {}),
        ("echo, message too long", "POST", "/v1/echo",
         json.dumps({"message": "x" * 65537, "data": {}}).encode(), J, {}),
        ("echo, latin-1 charset", "POST", "/v1/echo", echo, "application/json; charset=latin1", {}),
        ("stream 3", "POST", "/v1/stream", b'{"numberOfMessages":3}', J, {}),
        ("stream 100, delay 1", "POST", "/v1/stream", b'{"numberOfMessages":100}', J, {"x-relix-delay-ms": "1"}),
        ("stream 0", "POST", "/v1/stream", b'{"numberOfMessages":0}', J, {}),
        ("stream 10001", "POST", "/v1/stream", b'{"numberOfMessages":10001}', J, {}),
        ("stream 1.5", "POST", "/v1/stream", b'{"numberOfMessages":1.5}', J, {}),
        ("stream '5'", "POST", "/v1/stream", b'{"numberOfMessages":"5"}', J, {}),
        ("stream, delay over budget", "POST", "/v1/stream", b'{"numberOfMessages":1001}', J,
         {"x-relix-delay-ms": "10"}),
        ("upload 1 MiB", "POST", "/v1/upload", b"x" * MIB, "application/octet-stream", {}),
        ("upload, any type", "POST", "/v1/upload", b"abc", "text/plain", {}),
        ("upload, empty", "POST", "/v1/upload", b"", "application/octet-stream", {}),
        ("upload, no body", "POST", "/v1/upload", None, None, {}),
        ("upload, delay 20 per MiB", "POST", "/v1/upload", b"x" * MIB, "application/octet-stream",
         {"x-relix-delay-ms": "20"}),
        ("upload, delay over budget", "POST", "/v1/upload", b"x" * (11 * MIB - 65536), "application/octet-stream",
         {"x-relix-delay-ms": "1000"}),
        ("upload, over 16 MiB", "POST", "/v1/upload", b"\x01" * (16 * MIB + 1), "application/octet-stream", {}),
        ("add", "POST", "/v1/math/add", b'{"a":20,"b":22}', J, {}),
        ("add negative", "POST", "/v1/math/add", b'{"a":1000000,"b":-7}', J, {}),
        ("add 2.0 is whole", "POST", "/v1/math/add", b'{"a":2.0,"b":1e2}', J, {}),
        ("add overflow", "POST", "/v1/math/add", b'{"a":2147483647,"b":1}', J, {}),
        ("add 1.5", "POST", "/v1/math/add", b'{"a":1.5,"b":2}', J, {}),
        ("add string", "POST", "/v1/math/add", b'{"a":"1","b":2}', J, {}),
        ("add missing b", "POST", "/v1/math/add", b'{"a":1}', J, {}),
        ("add 2^31", "POST", "/v1/math/add", b'{"a":2147483648,"b":0}', J, {}),
        ("add 1e20", "POST", "/v1/math/add", b'{"a":1e20,"b":0}', J, {}),
        ("add true", "POST", "/v1/math/add", b'{"a":true,"b":0}', J, {}),
        ("add null", "POST", "/v1/math/add", b'{"a":null,"b":0}', J, {}),
        ("dot 100", "POST", "/v1/math/dot", dot, J, {}),
        ("dot 0.1 x 0.3", "POST", "/v1/math/dot", b'{"a":[0.1],"b":[0.3]}', J, {}),
        ("dot tiny", "POST", "/v1/math/dot", b'{"a":[0.0001],"b":[0.001]}', J, {}),
        ("dot big", "POST", "/v1/math/dot", b'{"a":[1e20],"b":[3e10]}', J, {}),
        ("dot integral", "POST", "/v1/math/dot", b'{"a":[1.5,2],"b":[2,4]}', J, {}),
        ("dot overflow", "POST", "/v1/math/dot", b'{"a":[1e38,1e38],"b":[1e38,1e38]}', J, {}),
        ("dot beyond float32", "POST", "/v1/math/dot", b'{"a":[1e39],"b":[1]}', J, {}),
        ("dot lengths", "POST", "/v1/math/dot", b'{"a":[1,2],"b":[1]}', J, {}),
        ("dot empty", "POST", "/v1/math/dot", b'{"a":[],"b":[]}', J, {}),
        ("dot null element", "POST", "/v1/math/dot", b'{"a":[1,2],"b":[null,1]}', J, {}),
        ("dot not arrays", "POST", "/v1/math/dot", b'{"a":"x"}', J, {}),
        ("image.raw", "POST", "/v1/images/raw", jpeg, "image/jpeg", {}),
        ("image.raw tiny", "POST", "/v1/images/raw", tiny_jpeg(), "image/jpeg", {}),
        ("image.raw not a JPEG", "POST", "/v1/images/raw", b"hello", "image/jpeg", {}),
        ("image.raw empty", "POST", "/v1/images/raw", b"", "image/jpeg", {}),
        ("image.raw truncated", "POST", "/v1/images/raw", tiny_jpeg()[:10], "image/jpeg", {}),
        ("image.raw EOI first", "POST", "/v1/images/raw", b"\xff\xd8\xff\xd9", "image/jpeg", {}),
        ("image.base64", "POST", "/v1/images/base64", json.dumps({"img": base64.b64encode(jpeg).decode()}).encode(),
         J, {}),
        ("image.base64 bad", "POST", "/v1/images/base64", b'{"img":"***"}', J, {}),
        ("image.base64 empty", "POST", "/v1/images/base64", b'{"img":""}', J, {}),
        ("image.base64 length", "POST", "/v1/images/base64", b'{"img":"abc"}', J, {}),
        ("image.base64 not a JPEG", "POST", "/v1/images/base64", b'{"img":"aGVsbG8="}', J, {}),
    ]
    for mode in ("warm", "cold", "miss", "memory"):
        for item_id in (7, 42):
            cases.append((f"item {item_id} {mode}", "GET", f"/v1/items/{item_id}", None, None, {"x-relix-cache": mode}))
        cases.append((f"item unknown {mode}", "GET", "/v1/items/999999", None, None, {"x-relix-cache": mode}))
    return cases


# -- gRPC ----------------------------------------------------------------------------------------

def grpc_call(channel, service, method, fields, metadata=(), stream=False):
    request_class, reply_class = method_classes(service, method)
    path = f"/relix.v1.{service}/{method}"
    make = channel.unary_stream if stream else channel.unary_unary
    call = make(path, request_serializer=request_class.SerializeToString,
                response_deserializer=reply_class.FromString)
    try:
        reply = call(request_class(**fields), metadata=tuple(metadata), timeout=30)
        return ("OK", "", list(reply) if stream else [reply])
    except grpc.RpcError as error:
        return (error.code().name, error.details(), None)


def grpc_cases(jpeg: bytes) -> list:
    echo = echo_request()
    dot = dot_request(100)
    cases = [
        ("Noop", "BenchService", "Noop", {}, (), False),
        ("Noop bad cache", "BenchService", "Noop", {}, (("x-relix-cache", "hot"),), False),
        ("Noop bad delay", "BenchService", "Noop", {}, (("x-relix-delay-ms", "abc"),), False),
        ("GetItem 0", "CatalogService", "GetItem", {"id": 0}, (), False),
        ("GetItem unknown", "CatalogService", "GetItem", {"id": 999999}, (), False),
        ("Echo", "BenchService", "Echo", echo, (), False),
        ("Echo delay 5", "BenchService", "Echo", echo, (("x-relix-delay-ms", "5"),), False),
        ("Echo empty", "BenchService", "Echo", {}, (), False),
        ("Echo long message", "BenchService", "Echo", {"message": "x" * 65537}, (), False),
        ("Stream 3", "BenchService", "Stream", {"number_of_messages": 3}, (), True),
        ("Stream 0", "BenchService", "Stream", {"number_of_messages": 0}, (), True),
        ("Stream -1", "BenchService", "Stream", {"number_of_messages": -1}, (), True),
        ("Stream 10001", "BenchService", "Stream", {"number_of_messages": 10001}, (), True),
        ("Stream over budget", "BenchService", "Stream", {"number_of_messages": 1001},
         (("x-relix-delay-ms", "10"),), True),
        ("Upload 1 MiB", "BenchService", "Upload", {"payload": b"x" * MIB}, (), False),
        ("Upload empty", "BenchService", "Upload", {}, (), False),
        ("Upload over budget", "BenchService", "Upload", {"payload": b"x" * (11 * MIB - 65536)},
         (("x-relix-delay-ms", "1000"),), False),
        ("Add", "MathService", "Add", {"a": 20, "b": 22}, (), False),
        ("Add zero", "MathService", "Add", {}, (), False),
        ("Add overflow", "MathService", "Add", {"a": 2147483647, "b": 1}, (), False),
        ("Dot", "MathService", "Dot", dot, (), False),
        ("Dot 0.1 x 0.3", "MathService", "Dot", {"a": [0.1], "b": [0.3]}, (), False),
        ("Dot lengths", "MathService", "Dot", {"a": [1, 2], "b": [1]}, (), False),
        ("Dot empty", "MathService", "Dot", {}, (), False),
        ("Dot infinity", "MathService", "Dot", {"a": [float("inf")], "b": [1]}, (), False),
        ("Dot overflow", "MathService", "Dot", {"a": [1e38, 1e38], "b": [1e38, 1e38]}, (), False),
        ("Raw", "ImageService", "Raw", {"image": jpeg}, (), False),
        ("Raw not a JPEG", "ImageService", "Raw", {"image": b"hello"}, (), False),
        ("Raw empty", "ImageService", "Raw", {}, (), False),
        ("Base64", "ImageService", "Base64", {"img": base64.b64encode(jpeg).decode()}, (), False),
        ("Base64 bad", "ImageService", "Base64", {"img": "***"}, (), False),
        ("Base64 empty", "ImageService", "Base64", {}, (), False),
    ]
    for mode in ("warm", "cold", "miss", "memory"):
        cases.append((f"GetItem 7 {mode}", "CatalogService", "GetItem", {"id": 7}, (("x-relix-cache", mode),), False))
    return cases


# -- shapes of /stats and friends ----------------------------------------------------------------

def shape(value):
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, bool) or value is None:
        return type(value).__name__
    if isinstance(value, (int, float)):
        return "number"
    return type(value).__name__


def get_json(base: str, path: str, method: str = "GET", headers=None):
    status, _, body = rest_call(base, method, path, b"" if method == "POST" else None, None, headers)
    return status, body


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--express", required=True)
    parser.add_argument("--fastapi")
    parser.add_argument("--flask")
    parser.add_argument("--grpc-js", required=True)
    parser.add_argument("--grpcio")
    parser.add_argument("--grpc-js-side")
    parser.add_argument("--grpcio-side")
    parser.add_argument("--jpeg", help="study 004's JPEG (the Node dataset's); a tiny crafted one without it")
    args = parser.parse_args()
    jpeg = open(args.jpeg, "rb").read() if args.jpeg else tiny_jpeg()
    cache = redis.Redis.from_url(args.redis_url)
    differences, checks = [], 0

    def differ(what: str, expected, got) -> None:
        differences.append(f"DIFFERS {what}\n    node:   {str(expected)[:300]}\n    python: {str(got)[:300]}")

    python_rest = {name: url for name, url in (("fastapi", args.fastapi), ("flask", args.flask)) if url}
    for name, method, path, body, content_type, headers in rest_cases(jpeg):
        expected = rest_call(args.express, method, path, body, content_type, headers)
        for stack, url in python_rest.items():
            checks += 1
            got = rest_call(url, method, path, body, content_type, headers)
            if got != expected:
                differ(f"REST {stack}: {name} ({method} {path})", expected, got)

    # A workload the Python stacks do not serve is no route there (the runner refuses it before a run).
    for stack, url in python_rest.items():
        for path in ("/v1/items?limit=3", "/v1/meteorites/version", "/v1/shapes/small/1"):
            checks += 1
            got = rest_call(url, "GET", path)
            want = (404, "application/json; charset=utf-8",
                    b'{"error":{"code":"not_found","message":"no route for GET ' + path.split("?")[0].encode() + b'"}}')
            if got != want:
                differ(f"REST {stack}: {path} is not served", want, got)

    # The same Redis bytes: each side fills the key on a miss, after the key was dropped.
    for item_id in (7, 42, 1000):
        key = ITEM_KEY.format(item_id)
        cache.delete(key)
        rest_call(args.express, "GET", f"/v1/items/{item_id}", headers={"x-relix-cache": "miss"})
        node_bytes, node_ttl = cache.get(key), cache.ttl(key)
        for stack, url in python_rest.items():
            checks += 1
            cache.delete(key)
            rest_call(url, "GET", f"/v1/items/{item_id}", headers={"x-relix-cache": "miss"})
            got_bytes, got_ttl = cache.get(key), cache.ttl(key)
            if got_bytes != node_bytes or abs(got_ttl - node_ttl) > 2:
                differ(f"Redis {stack}: {key} bytes/TTL", (node_bytes, node_ttl), (got_bytes, got_ttl))
        # A value Python wrote, read warm by Node, answers as Node's own did.
        if python_rest:
            checks += 1
            first = next(iter(python_rest.values()))
            cache.delete(key)
            rest_call(first, "GET", f"/v1/items/{item_id}", headers={"x-relix-cache": "miss"})
            via_node = rest_call(args.express, "GET", f"/v1/items/{item_id}")
            cache.delete(key)
            rest_call(args.express, "GET", f"/v1/items/{item_id}", headers={"x-relix-cache": "miss"})
            own = rest_call(args.express, "GET", f"/v1/items/{item_id}")
            if via_node != own:
                differ(f"Redis: Node reading {key} written by Python", own, via_node)

    if args.grpcio:
        node_channel = grpc.insecure_channel(args.grpc_js, options=[("grpc.max_receive_message_length", 32 * MIB),
                                                                    ("grpc.max_send_message_length", 32 * MIB)])
        python_channel = grpc.insecure_channel(args.grpcio, options=[("grpc.max_receive_message_length", 32 * MIB),
                                                                     ("grpc.max_send_message_length", 32 * MIB)])
        for name, service, method, fields, metadata, stream in grpc_cases(jpeg):
            checks += 1
            expected = grpc_call(node_channel, service, method, fields, metadata, stream)
            got = grpc_call(python_channel, service, method, fields, metadata, stream)
            if got != expected:
                differ(f"gRPC: {name}", expected, got)
        for service, method, stream in (("CatalogService", "ListItems", False), ("MeteoriteService", "Version", False)):
            checks += 1
            got = grpc_call(python_channel, service, method, {}, (), stream)
            if got[0] != "UNIMPLEMENTED":
                differ(f"gRPC: {service}/{method} is not served", "UNIMPLEMENTED", got)
        checks += 1
        over = ("Upload over 16 MiB", "BenchService", "Upload", {"payload": b"\x01" * (16 * MIB + 1)}, (), False)
        expected = grpc_call(node_channel, *over[1:])
        got = grpc_call(python_channel, *over[1:])
        if got[0] != expected[0]:
            differ("gRPC: Upload over 16 MiB (status code)", expected, got)

    # Operations: the same bodies for health, readiness and a refused reset; the same /stats shape.
    pairs = [(args.express, url, stack) for stack, url in python_rest.items()]
    if args.grpc_js_side and args.grpcio_side:
        pairs.append((args.grpc_js_side, args.grpcio_side, "grpcio side port"))
    for node_url, python_url, stack in pairs:
        for path in ("/healthz", "/readyz"):
            if path == "/readyz" and node_url == args.grpc_js_side:
                continue  # grpc-api's side port serves no /readyz
            checks += 1
            expected, got = get_json(node_url, path), get_json(python_url, path)
            if expected != got:
                differ(f"{stack} {path}", expected, got)
        checks += 1
        expected, got = get_json(node_url, "/stats", "POST"), get_json(python_url, "/stats", "POST")
        if expected != got:
            differ(f"{stack} POST /stats without the reset header", expected, got)
        for method, headers in (("GET", {}), ("GET", {"x-relix-keep-interval": "1"}),
                                ("POST", {"x-relix-reset-peak-rss": "1"})):
            checks += 1
            node_status, node_body = get_json(node_url, "/stats", method, headers)
            status, body = get_json(python_url, "/stats", method, headers)
            node_shape, python_shape = shape(json.loads(node_body)), shape(json.loads(body))
            if node_status != status or node_shape != python_shape:
                differ(f"{stack} {method} /stats shape {headers}", (node_status, node_shape), (status, python_shape))

    for line in differences:
        print(line)
    print(f"{checks - len(differences)} passed, {len(differences)} failed")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
