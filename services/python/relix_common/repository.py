"""The only code that reaches the stores: cache-aside reads, outages mapped to domain errors
(packages/io/src/repository/repository.ts, for the workloads the Python stacks serve)."""

from concurrent.futures import ThreadPoolExecutor
from typing import Callable

from .cache_aside import CacheAside
from .cache_keys import item_key
from .database_errors import guard_database
from .errors import not_found
from .memory_cache import MemoryCache
from .readiness import ReadinessProbe


class Repository:
    def __init__(self, store, cache, ttl_seconds: int,
                 on_cache_event: Callable[[str], None], on_memory_cache_event: Callable[[str], None]):
        self._store = store
        self._shared = CacheAside(cache, ttl_seconds, on_cache_event)
        self._memory = MemoryCache(ttl_seconds, on_memory_cache_event)
        self._cache_ready = ReadinessProbe(cache.ping)
        self._store_ready = ReadinessProbe(store.ping)
        self._both = ThreadPoolExecutor(max_workers=2, thread_name_prefix="relix-ready")

    def _read(self, key: str, mode: str, load):
        if mode == "memory":
            return self._memory.read(key, load)
        return self._shared.read(key, mode, load)

    def get_item(self, item_id: int, mode: str) -> dict:
        item = self._read(item_key(item_id), mode, lambda: guard_database(lambda: self._store.get_item(item_id)))
        if item is None:
            raise not_found(f"item {item_id}")
        return item

    def check_ready(self) -> dict:
        """Both stores asked at once, each answering within the readiness timeout."""
        cache = self._both.submit(self._cache_ready)
        store = self._both.submit(self._store_ready)
        return {"cache": cache.result(), "store": store.result()}
