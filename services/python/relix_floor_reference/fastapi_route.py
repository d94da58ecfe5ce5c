"""The fastapi stack's framework yardstick: one FastAPI route, GET /v1/items/{id}, doing only what a
warm item.get must do (one Redis GET of the cached item) and answering the cached bytes as they are
(200), or 404. On uvicorn as the stack runs it (uvloop, httptools, one process, no access log).

The route is `async def` over redis-py's asyncio client, as FastAPI's own documentation writes an
endpoint that awaits I/O: no thread hop. What the stack adds on top of this is its own code (id and
header checks, cache-aside, the JSON parse and JSON.stringify-exact write, telemetry, byte
counting), which is what the floor's target is about; the distance from this route to the bare
asyncio server (bare_http.py) is FastAPI's and Starlette's own.
"""

import socket

import redis.asyncio as aioredis
import uvicorn
from fastapi import FastAPI
from fastapi.responses import Response

from relix_floor_reference import ITEM_KEY_PREFIX


def create_app(redis_url: str) -> FastAPI:
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    redis = aioredis.Redis.from_url(redis_url)

    @app.get("/v1/items/{item_id}")
    async def item(item_id: str) -> Response:
        cached = await redis.get(ITEM_KEY_PREFIX + item_id)
        if cached is None:
            return Response(b"{}", status_code=404, media_type="application/json")
        return Response(cached, media_type="application/json")

    return app


def serve(port: int, redis_url: str) -> None:
    # Bound here, before uvicorn starts, so the "listening" line is true when it is printed.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(2048)
    config = uvicorn.Config(create_app(redis_url), loop="uvloop", http="httptools", lifespan="off",
                            access_log=False, log_level="warning", server_header=False, timeout_keep_alive=65,
                            timeout_graceful_shutdown=1)
    print(f"reference fastapi on {port}", flush=True)
    uvicorn.Server(config).run(sockets=[listener])
