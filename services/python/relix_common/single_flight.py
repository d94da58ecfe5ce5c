"""Concurrent loads of one key share a single load, so a cold key under load does not stampede MySQL."""

import threading
from concurrent.futures import Future
from typing import Callable, TypeVar

T = TypeVar("T")


class SingleFlight:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._in_flight: dict[str, Future] = {}

    def run(self, key: str, load: Callable[[], T]) -> T:
        with self._lock:
            pending = self._in_flight.get(key)
            if pending is None:
                mine: Future = Future()
                self._in_flight[key] = mine
        if pending is not None:
            return pending.result()
        try:
            value = load()
            mine.set_result(value)
            return value
        except BaseException as error:
            mine.set_exception(error)
            raise
        finally:
            with self._lock:
                del self._in_flight[key]
