"""The cache in front of MySQL, over redis-py. Built to fail fast, as the Node services' ioredis
store is: every failure falls back to MySQL, so a Redis that is down must cost a request nothing
but a refused connection. redis-py retries by default (with backoff); here it does not. After a
failure the store answers "down" at once until the next try is due (50 ms, doubling to 2 s, as
ioredis reconnects), so a Redis that hangs costs one request a command timeout, not every one.
Readiness pings always go to Redis, so /readyz sees it come back."""

import logging
import threading
import time
from typing import Optional

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

log = logging.getLogger("relix")

COMMAND_TIMEOUT_S = 0.5
CONNECT_TIMEOUT_S = 1.0
MAX_RETRY_DELAY_S = 2.0


class CacheDown(Exception):
    """Redis is known to be down: not even tried."""


class RedisCache:
    kind = "redis"

    def __init__(self, url: str):
        self._client = redis.Redis.from_url(
            url,
            socket_timeout=COMMAND_TIMEOUT_S,
            socket_connect_timeout=CONNECT_TIMEOUT_S,
            retry=Retry(NoBackoff(), 0),
            retry_on_timeout=False,
            health_check_interval=0,
        )
        self._lock = threading.Lock()
        self._down_since: Optional[float] = None
        self._retry_at = 0.0
        self._delay = 0.05

    def _call(self, command, *args, **kwargs):
        if self.known_down():
            raise CacheDown("Redis is down")
        try:
            answer = command(*args, **kwargs)
        except (redis.ConnectionError, redis.TimeoutError) as error:
            self._went_down(error)
            raise
        if self._down_since is not None:
            self._came_back()
        return answer

    def known_down(self) -> bool:
        """Whether Redis failed and its next try is not due yet (then every read goes to MySQL)."""
        return self._down_since is not None and time.monotonic() < self._retry_at

    def _went_down(self, error: Exception) -> None:
        with self._lock:
            if self._down_since is None:
                self._down_since = time.monotonic()
                self._delay = 0.05
                log.warning("[relix] Redis unavailable (%s); requests read MySQL until it is back", error)
            else:
                self._delay = min(MAX_RETRY_DELAY_S, self._delay * 2)
            self._retry_at = time.monotonic() + self._delay

    def _came_back(self) -> None:
        with self._lock:
            if self._down_since is not None:
                self._down_since = None
                log.warning("[relix] Redis is back")

    def get(self, key: str) -> Optional[bytes]:
        return self._call(self._client.get, key)

    def set(self, key: str, value: bytes, ttl_seconds: int) -> None:
        self._call(self._client.set, key, value, ex=ttl_seconds)

    def delete(self, key: str) -> None:
        self._call(self._client.delete, key)

    def ping(self) -> None:
        # Readiness always asks Redis itself, so it sees the cache come back.
        self._client.ping()
        self._came_back()

    def close(self) -> None:
        self._client.close()
