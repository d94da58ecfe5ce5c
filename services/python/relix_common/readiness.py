"""Readiness of one store, as packages/io/src/repository/readiness-probe.ts: callers that arrive
while a ping runs share it (a hung store never has more than one ping in flight from this
process), and each caller has an answer within the timeout, a ping still running counting as
"not ready"."""

import threading
from concurrent.futures import Future
from typing import Callable, Optional

READINESS_TIMEOUT_S = 1.5


class ReadinessProbe:
    def __init__(self, ping: Callable[[], None], timeout_s: float = READINESS_TIMEOUT_S):
        self._ping = ping
        self._timeout_s = timeout_s
        self._lock = threading.Lock()
        self._in_flight: Optional[Future] = None

    def _run(self, answer: Future) -> None:
        try:
            self._ping()
            answer.set_result(True)
        except Exception:
            answer.set_result(False)
        finally:
            with self._lock:
                self._in_flight = None

    def __call__(self) -> bool:
        with self._lock:
            answer = self._in_flight
            if answer is None:
                answer = self._in_flight = Future()
                threading.Thread(target=self._run, args=(answer,), daemon=True, name="relix-readiness").start()
        try:
            return answer.result(timeout=self._timeout_s)
        except Exception:
            return False
