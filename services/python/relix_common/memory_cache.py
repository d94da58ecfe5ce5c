"""Cache mode `memory`: cache-aside over a process-local dict (no Redis, no JSON on a hit), as
packages/io/src/repository/memory-cache.ts: the same TTL, at most 10,000 entries (the oldest
written dropped first), concurrent misses on one key sharing one load."""

import threading
import time
from typing import Callable, Optional

from .single_flight import SingleFlight


class MemoryCache:
    def __init__(self, ttl_seconds: int, on_event: Callable[[str], None], max_entries: int = 10_000):
        self._ttl = ttl_seconds
        self._on_event = on_event
        self._max = max_entries
        self._entries: dict[str, tuple[object, float]] = {}
        self._lock = threading.Lock()
        self._loads = SingleFlight()

    def _load_and_keep(self, key: str, load: Callable[[], Optional[dict]]) -> Optional[dict]:
        value = load()
        if value is not None:
            with self._lock:
                self._entries.pop(key, None)
                self._entries[key] = (value, time.monotonic() + self._ttl)
                while len(self._entries) > self._max:
                    del self._entries[next(iter(self._entries))]
        return value

    def read(self, key: str, load: Callable[[], Optional[dict]]) -> Optional[dict]:
        entry = self._entries.get(key)
        if entry is not None:
            if entry[1] > time.monotonic():
                self._on_event("hit")
                return entry[0]  # shared between requests: read-only
            with self._lock:
                self._entries.pop(key, None)
        self._on_event("miss")
        return self._loads.run(key, lambda: self._load_and_keep(key, load))
