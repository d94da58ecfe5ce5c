"""The REST floor of the Python stacks: GET /v1/items/{id} answered with the bytes cached in Redis,
as they are (200), or 404.

A raw asyncio protocol on uvloop with redis-py's asyncio client: the least a Python server can do
for this route. No ASGI or WSGI layer, no framework, no JSON parsing, no thread hop (the stacks read
Redis with blocking redis-py in worker threads); uvloop because the fastapi stack runs on it, so the
ratio is the frameworks' cost, not the event loop's. The request parsing assumes what the load
generators send (bodiless GETs, HTTP/1.1 keep-alive); pipelined requests are answered in order.
"""

import asyncio
import signal

import redis.asyncio as aioredis
import uvloop

from relix_floor_reference import ITEM_KEY_PREFIX

_HEAD_END = b"\r\n\r\n"


def _response(status: bytes, body: bytes) -> bytes:
    return (b"HTTP/1.1 " + status + b"\r\ncontent-type: application/json\r\ncontent-length: "
            + str(len(body)).encode() + b"\r\n\r\n" + body)


class ItemProtocol(asyncio.Protocol):
    def __init__(self, redis: aioredis.Redis):
        self._redis = redis
        self._buffer = b""
        self._previous: asyncio.Future | None = None
        self._transport: asyncio.Transport | None = None

    def connection_made(self, transport):
        self._transport = transport

    def data_received(self, data: bytes):
        self._buffer += data
        while (end := self._buffer.find(_HEAD_END)) >= 0:
            head, self._buffer = self._buffer[:end], self._buffer[end + len(_HEAD_END):]
            path = head.split(b" ", 2)[1]
            self._previous = asyncio.ensure_future(self._answer(path, self._previous))

    async def _answer(self, path: bytes, previous: asyncio.Future | None):
        try:
            cached = await self._redis.get(ITEM_KEY_PREFIX + path.rsplit(b"/", 1)[1].decode())
            reply = _response(b"200 OK", cached) if cached is not None else _response(b"404 Not Found", b"{}")
        except Exception:  # Redis unreachable: the floor has nothing to answer with.
            reply = _response(b"503 Service Unavailable", b"{}")
        if previous is not None:
            await previous  # answers leave in the order the requests came
        if not self._transport.is_closing():
            self._transport.write(reply)


async def _serve(port: int, redis_url: str) -> None:
    redis = aioredis.Redis.from_url(redis_url)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: ItemProtocol(redis), "127.0.0.1", port)
    stopped = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stopped.set)
    print(f"reference http on {port}", flush=True)
    await stopped.wait()
    server.close()
    await redis.aclose()


def serve(port: int, redis_url: str) -> None:
    uvloop.run(_serve(port, redis_url))
