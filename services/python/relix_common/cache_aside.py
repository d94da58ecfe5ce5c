"""Cache-aside reads over Redis, as packages/io/src/repository/cache-aside.ts: the same modes,
the same events, the same bytes (JSON.stringify's, via js_json). A cache failure never fails a
read: it is counted and the value comes from MySQL."""

from typing import Callable, Optional

from . import js_json
from .cached_json import loads_cached
from .single_flight import SingleFlight

CacheEvent = str  # "hit" | "miss" | "bypass" | "error"


class CacheAside:
    def __init__(self, cache, ttl_seconds: int, on_event: Callable[[CacheEvent], None]):
        self._cache = cache
        self._ttl = ttl_seconds
        self._on_event = on_event
        self._loads = SingleFlight()

    def _get(self, key: str) -> Optional[bytes]:
        try:
            return self._cache.get(key)
        except Exception:
            self._on_event("error")
            return None

    def _set(self, key: str, value) -> None:
        try:
            self._cache.set(key, js_json.dumps_bytes(value), self._ttl)
        except Exception:
            self._on_event("error")

    def _load_and_fill(self, key: str, load: Callable[[], Optional[dict]]) -> Optional[dict]:
        value = load()
        # Unknown ids are not cached: a typo must not become a cached "not found".
        if value is not None:
            self._set(key, value)
        return value

    def read(self, key: str, mode: str, load: Callable[[], Optional[dict]]) -> Optional[dict]:
        if mode == "cold":
            self._on_event("bypass")
            return load()
        if mode == "miss":
            # Every request takes the full miss path; sharing loads here would hide MySQL's cost.
            self._on_event("miss")
            return self._load_and_fill(key, load)
        cached = self._get(key)
        if cached is not None:
            try:
                value = loads_cached(cached)
                self._on_event("hit")
                return value
            except ValueError:
                # Not ours or damaged: count it, drop it, and read the source as on a miss.
                self._on_event("error")
                try:
                    self._cache.delete(key)
                except Exception:
                    pass
        self._on_event("miss")
        return self._loads.run(key, lambda: self._load_and_fill(key, load))
