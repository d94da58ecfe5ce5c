"""Warm reads on the event loop: the Redis GET of a warm read awaited through redis-py's asyncio
client, as a FastAPI endpoint awaits its I/O, instead of a hop to Starlette's worker threads for
the blocking data layer. Measured on item.get warm (pnpm bench:floor --runtime python): that hop
was most of the distance between this stack and a bare FastAPI route doing the same GET.

Only the hit is served here, and it is served as the shared cache-aside serves it (the cached
JSON parsed, counted as a hit). Anything else (no key, a value that does not parse, Redis
failing or known to be down) is not decided here: the request goes to the shared blocking path
in a worker thread, which reads the cache again and counts the miss or the error, falls back to
MySQL and fills the cache, exactly as for the other stacks. A miss therefore costs one more Redis
round trip than on the other stacks; a warm run primes every key it reads.
"""

from typing import Any, Callable, Optional

import redis.asyncio as aioredis
from redis.backoff import NoBackoff
from redis.retry import Retry

from relix_common.cached_json import loads_cached
from relix_common.redis_cache import COMMAND_TIMEOUT_S, CONNECT_TIMEOUT_S, RedisCache

NOT_SERVED = object()


class WarmReads:
    def __init__(self, redis_url: str, blocking_cache: RedisCache, on_cache_event: Callable[[str], None]):
        # The blocking store's fail-fast settings: no retries, the same timeouts.
        self._client = aioredis.Redis.from_url(redis_url, socket_timeout=COMMAND_TIMEOUT_S,
                                               socket_connect_timeout=CONNECT_TIMEOUT_S, retry=Retry(NoBackoff(), 0),
                                               retry_on_timeout=False, health_check_interval=0)
        self._blocking_cache = blocking_cache
        self._on_cache_event = on_cache_event

    async def hit(self, key: str) -> Any:
        """The cached value of `key`, counted as a hit, or NOT_SERVED (the blocking path decides)."""
        if self._blocking_cache.known_down():
            return NOT_SERVED
        try:
            cached: Optional[bytes] = await self._client.get(key)
            value = None if cached is None else loads_cached(cached)
        except Exception:  # a failing Redis or a damaged value: counted once, by the blocking path
            return NOT_SERVED
        if value is None:
            return NOT_SERVED
        self._on_cache_event("hit")
        return value

    async def close(self) -> None:
        await self._client.aclose()
