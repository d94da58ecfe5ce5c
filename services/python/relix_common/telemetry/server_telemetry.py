"""The figures every server keeps (packages/io/src/telemetry/server-telemetry.ts): per request
its server time and split, per process CPU, peak RSS, cache events and wire bytes, as the same
/stats JSON and the same Prometheus metric names. Thread-safe: the Flask and grpcio stacks serve
from a thread pool, FastAPI from its event loop and its worker threads."""

import os
import resource
import threading
import time
from typing import Optional

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client import CONTENT_TYPE_LATEST, GC_COLLECTOR, PLATFORM_COLLECTOR, PROCESS_COLLECTOR

from .interval_latency import IntervalLatency
from .peak_rss import PeakRss
from .request_span import RequestSpan, now_us
from .wire_counter import WireCounter

# Seconds; fine at the bottom because a warm read on loopback takes well under a millisecond.
DURATION_BUCKETS = (0.00005, 0.0001, 0.00025, 0.0005, 0.00075, 0.001, 0.0025, 0.005, 0.0075, 0.01, 0.025,
                    0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
CACHE_EVENTS = ("hit", "miss", "bypass", "error")


def outcome_of(error: BaseException) -> str:
    """The outcome label of an error, the same table as packages/io/src/telemetry/timing.ts."""
    kind = getattr(error, "kind", None)
    if kind == "not_found":
        return "not_found"
    if kind == "unavailable":
        return "unavailable"
    if kind in ("invalid_argument", "too_large"):
        return "client_error"
    return "server_error"


class ServerTelemetry:
    def __init__(self, protocol: str, stack: str):
        self.protocol = protocol
        self.stack = stack
        self.wire = WireCounter()
        self._lock = threading.Lock()
        self._rss = PeakRss()
        self._interval = IntervalLatency()
        self._totals = {"requests": 0, "errors": 0, "serverTimeUs": 0.0}
        self._split = {"serviceUs": 0.0, "codecUs": 0.0, "restUs": 0.0}
        self._cache = dict.fromkeys(CACHE_EVENTS, 0)
        self._backends: Optional[dict] = None

        self.registry = CollectorRegistry(auto_describe=True)
        for collector in (PROCESS_COLLECTOR, PLATFORM_COLLECTOR, GC_COLLECTOR):
            self.registry.register(collector)
        self._duration = Histogram("relix_server_duration_seconds",
                                   "Server time per request: request in hand to reply handed to the transport",
                                   ["stack", "workload", "outcome"], buckets=DURATION_BUCKETS, registry=self.registry)
        self._cache_events = Counter("relix_cache_events",
                                     "Cache-aside events: hit, miss, bypass (cold mode), error (fell back to MySQL)",
                                     ["event"], registry=self.registry)
        self._memory_cache_events = Counter("relix_memory_cache_events",
                                            "Cache mode memory's process-local cache-aside events: hit, miss",
                                            ["event"], registry=self.registry)
        self._split_seconds = Counter("relix_server_split_seconds",
                                      "Server time split: service (the service call), codec (body encode/decode), "
                                      "rest (the remainder)", ["stack", "part"], registry=self.registry)
        wire = Gauge("relix_wire_bytes", "Bytes read and written at the server's sockets since start",
                     ["stack", "direction"], registry=self.registry)
        wire.labels(stack, "received").set_function(lambda: self.wire.bytes_received)
        wire.labels(stack, "sent").set_function(lambda: self.wire.bytes_sent)
        Gauge("relix_peak_rss_bytes", "Peak resident set size since start or the last reset",
              registry=self.registry).set_function(self._rss.peak)
        for event in CACHE_EVENTS:
            self._cache_events.labels(event)
        self._split_children = {part: self._split_seconds.labels(stack, part) for part in ("service", "codec", "rest")}
        self._duration_children: dict = {}

    def set_backends(self, store: str, cache: str) -> None:
        self._backends = {"store": store, "cache": cache}

    def cache_event(self, event: str) -> None:
        with self._lock:
            self._cache[event] += 1
        self._cache_events.labels(event).inc()

    def memory_cache_event(self, event: str) -> None:
        # Both caches count in /stats' hit ratio; Prometheus keeps them apart.
        with self._lock:
            self._cache[event] += 1
        self._memory_cache_events.labels(event).inc()

    def start_span(self, started_us: Optional[float] = None) -> RequestSpan:
        return RequestSpan(started_us)

    def finish(self, workload: str, span: RequestSpan, outcome: str) -> None:
        parts = span.split(now_us())
        ok = outcome == "ok"
        with self._lock:
            self._split["serviceUs"] += parts["serviceUs"]
            self._split["codecUs"] += parts["codecUs"]
            self._split["restUs"] += parts["restUs"]
            self._totals["requests"] += 1
            if not ok:
                self._totals["errors"] += 1
            self._totals["serverTimeUs"] += parts["serverUs"]
            self._interval.record(parts["serverUs"], ok)
        self._split_children["service"].inc(parts["serviceUs"] / 1e6)
        self._split_children["codec"].inc(parts["codecUs"] / 1e6)
        self._split_children["rest"].inc(parts["restUs"] / 1e6)
        key = (workload, outcome)
        child = self._duration_children.get(key)
        if child is None:
            child = self._duration_children[key] = self._duration.labels(self.stack, workload, outcome)
        child.observe(parts["serverUs"] / 1e6)

    def snapshot(self, reset_peak_rss: bool = False, keep_interval: bool = False) -> dict:
        """The runner's /stats: cumulative counters to diff between two reads, and the interval's
        percentiles since the previous taking read. CPU is this process's, every thread included."""
        usage = resource.getrusage(resource.RUSAGE_SELF)
        with self._lock:
            snap = {
                "protocol": self.protocol,
                "stack": self.stack,
                "pid": os.getpid(),
                "takenAt": int(time.time() * 1000),
                "backends": self._backends,
                "cpu": {"userUs": round(usage.ru_utime * 1e6), "systemUs": round(usage.ru_stime * 1e6)},
                "rss": {"currentBytes": self._rss.current(), "peakBytes": self._rss.peak(),
                        "peakSinceMs": self._rss.since_ms()},
                "wire": self.wire.snapshot(),
                "requests": dict(self._totals),
                "split": dict(self._split),
                "cache": dict(self._cache),
                "interval": self._interval.peek() if keep_interval else self._interval.take(),
            }
        if reset_peak_rss:
            self._rss.reset()
        return snap

    def metrics_text(self) -> bytes:
        return generate_latest(self.registry)

    content_type = CONTENT_TYPE_LATEST
