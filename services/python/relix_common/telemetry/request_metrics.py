"""The Prometheus metrics counted per request (server time by workload and outcome, its split) and
per cache event, kept as plain counts under the telemetry's lock and turned into metric families
only when /metrics is read. prometheus_client's own Histogram and Counter take a lock and walk
their buckets in Python on every observation: the six such calls of a warm read were about 4 µs
of its CPU, more than the counting itself needs. The names, labels and buckets are the Node
services' (packages/io/src/telemetry), with their `protocol` label ("rest" or "grpc")."""

from bisect import bisect_left
from typing import Dict, Iterator, List, Tuple

from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily

from relix_common.js_json import js_number

SPLIT_PARTS = (("service", "serviceUs"), ("codec", "codecUs"), ("rest", "restUs"))
CACHE_EVENTS = ("hit", "miss", "bypass", "error")


class _Series:
    __slots__ = ("bucket_counts", "sum_seconds")

    def __init__(self, buckets: int):
        # One count per upper bound, then one for +Inf; made cumulative when read.
        self.bucket_counts = [0] * (buckets + 1)
        self.sum_seconds = 0.0


class RequestMetrics:
    """Not thread-safe by itself: ServerTelemetry calls `observe` and `collect` under its lock."""

    def __init__(self, stack: str, protocol: str, buckets: Tuple[float, ...]):
        self._stack = stack
        self._protocol = protocol
        self._buckets = buckets
        self._series: Dict[Tuple[str, str], _Series] = {}
        # Every Redis cache event shown from the start, at 0; the memory cache's once they happen.
        self._cache_events = dict.fromkeys(CACHE_EVENTS, 0)
        self._memory_cache_events: Dict[str, int] = {}

    def cache_event(self, event: str) -> None:
        self._cache_events[event] += 1

    def memory_cache_event(self, event: str) -> None:
        self._memory_cache_events[event] = self._memory_cache_events.get(event, 0) + 1

    def observe(self, workload: str, outcome: str, seconds: float) -> None:
        series = self._series.get((workload, outcome))
        if series is None:
            series = self._series[(workload, outcome)] = _Series(len(self._buckets))
        # bisect_left: a value equal to a bound counts in that bound's bucket (le, "less or equal").
        series.bucket_counts[bisect_left(self._buckets, seconds)] += 1
        series.sum_seconds += seconds

    def families(self, split_us: Dict[str, float]) -> Iterator:
        """The metric families as of now; `split_us` is the telemetry's running split, in µs."""
        duration = HistogramMetricFamily("relix_server_duration_seconds",
                                         "Server time per request: request in hand to reply handed to the transport",
                                         labels=["stack", "workload", "outcome", "protocol"])
        for (workload, outcome), series in self._series.items():
            cumulative: List[Tuple[str, float]] = []
            running = 0
            # Each bound written as the Node and Java services write it (10, 0.00005), not as
            # prometheus_client's own Histogram would ("10.0", "5e-05"): one label value everywhere.
            for bound, count in zip([*map(js_number, self._buckets), "+Inf"], series.bucket_counts):
                running += count
                cumulative.append((bound, running))
            duration.add_metric([self._stack, workload, outcome, self._protocol], cumulative, series.sum_seconds)
        yield duration
        split = CounterMetricFamily("relix_server_split_seconds",
                                    "Server time split: service (the service call), codec (body encode/decode), "
                                    "rest (the remainder)", labels=["stack", "part", "protocol"])
        for part, key in SPLIT_PARTS:
            split.add_metric([self._stack, part, self._protocol], split_us[key] / 1e6)
        yield split
        yield self._event_family("relix_cache_events",
                                 "Cache-aside events: hit, miss, bypass (cold mode), error (fell back to MySQL)",
                                 self._cache_events)
        yield self._event_family("relix_memory_cache_events",
                                 "Cache mode memory's process-local cache-aside events: hit, miss",
                                 self._memory_cache_events)

    def _event_family(self, name: str, documentation: str, counts: Dict[str, int]) -> CounterMetricFamily:
        family = CounterMetricFamily(name, documentation, labels=["event", "protocol"])
        for event, count in counts.items():
            family.add_metric([event, self._protocol], count)
        return family
