"""The gRPC floor of the Python stacks: grpcio's synchronous server, as the grpcio stack runs it
(a pool of the same size, GRPCIO_MAX_WORKERS, 10 by default, port reuse off), whose GetItem reads
the cached item with redis-py, parses the JSON (protobuf needs the fields) into the generated message
and answers it. The same library as the stack, as the Node floor's reference is bare grpc-js: no
validation, no interceptors, no health, no metrics."""

import json
import os
import signal
from concurrent import futures

import grpc
import redis

from relix.v1 import catalog_pb2, catalog_pb2_grpc
from relix_floor_reference import ITEM_KEY_PREFIX


class CatalogFromRedis(catalog_pb2_grpc.CatalogServiceServicer):
    def __init__(self, client: redis.Redis):
        self._redis = client

    def GetItem(self, request, context):
        cached = self._redis.get(ITEM_KEY_PREFIX + str(request.id))
        if cached is None:
            context.abort(grpc.StatusCode.NOT_FOUND, "")
        item = json.loads(cached)
        return catalog_pb2.Item(id=item["id"], name=item["name"], price=item["price"], tags=item["tags"],
                                created_at=item["createdAt"], dims=item["dims"], weight=item["weight"])


def serve(port: int, redis_url: str) -> None:
    workers = int(os.environ.get("GRPCIO_MAX_WORKERS", "10"))
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=workers), options=[("grpc.so_reuseport", 0)])
    catalog_pb2_grpc.add_CatalogServiceServicer_to_server(CatalogFromRedis(redis.Redis.from_url(redis_url)), server)
    server.add_insecure_port(f"127.0.0.1:{port}")
    server.start()
    signal.signal(signal.SIGTERM, lambda *_: server.stop(0))
    print(f"reference grpc on {port}", flush=True)
    server.wait_for_termination()
