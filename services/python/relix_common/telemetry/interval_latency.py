"""Server time per request over the interval since it was last taken: what the runner's live
chart shows (packages/io/src/telemetry/interval-latency.ts). Percentiles as an HDR histogram
reads them at microsecond resolution: the smallest recorded value with at least p% of the
samples at or below it, in ms with three decimals."""

import math
import time


def _percentile_ms(sorted_us: list, percentile: float) -> float:
    if not sorted_us:
        return 0
    rank = max(1, math.ceil(percentile / 100 * len(sorted_us)))
    return sorted_us[rank - 1] / 1000


class IntervalLatency:
    def __init__(self) -> None:
        self._samples: list[int] = []
        self._errors = 0
        self._since = time.perf_counter()

    def record(self, latency_us: float, ok: bool) -> None:
        if ok:
            self._samples.append(max(1, round(latency_us)))
        else:
            self._errors += 1

    def peek(self) -> dict:
        samples = sorted(self._samples)
        return {
            "durationMs": (time.perf_counter() - self._since) * 1000,
            "count": len(samples),
            "errors": self._errors,
            "p50Ms": _percentile_ms(samples, 50),
            "p99Ms": _percentile_ms(samples, 99),
        }

    def take(self) -> dict:
        now = time.perf_counter()
        result = self.peek()
        self._samples = []
        self._errors = 0
        self._since = now
        return result
