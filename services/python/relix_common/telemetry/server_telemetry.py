"""The figures every server keeps (packages/io/src/telemetry/server-telemetry.ts): per request
its server time and split, per process CPU, peak RSS, cache events and wire bytes, as the same
/stats JSON and the same Prometheus metric names. Thread-safe: the Flask and grpcio stacks serve
from a thread pool, FastAPI from its event loop and its worker threads."""

import os
import resource
import threading
import time
from typing import Optional

from prometheus_client import CollectorRegistry, Gauge, generate_latest
from prometheus_client import CONTENT_TYPE_LATEST, GC_COLLECTOR, PLATFORM_COLLECTOR, PROCESS_COLLECTOR

from .interval_latency import IntervalLatency
from .peak_rss import PeakRss
from .request_metrics import CACHE_EVENTS, RequestMetrics
from .request_span import RequestSpan, now_us
from .wire_counter import WireCounter

# Seconds; fine at the bottom because a warm read on loopback takes well under a millisecond.
DURATION_BUCKETS = (0.00005, 0.0001, 0.00025, 0.0005, 0.00075, 0.001, 0.0025, 0.005, 0.0075, 0.01, 0.025,
                    0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)


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
        # "cancelled" is part of "errors" (not ok), counted apart: a client that closes its
        # connection with calls in flight (a load generator at its end) failed nothing of the server's.
        self._totals = {"requests": 0, "errors": 0, "cancelled": 0, "serverTimeUs": 0.0}
        self._split = {"serviceUs": 0.0, "codecUs": 0.0, "restUs": 0.0}
        self._cache = dict.fromkeys(CACHE_EVENTS, 0)
        self._backends: Optional[dict] = None

        self.registry = CollectorRegistry(auto_describe=True)
        for collector in (PROCESS_COLLECTOR, PLATFORM_COLLECTOR, GC_COLLECTOR):
            self.registry.register(collector)
        # Every relix_* metric carries the protocol label, as the Node services' default label does.
        wire = Gauge("relix_wire_bytes", "Bytes read and written at the server's sockets since start",
                     ["stack", "direction", "protocol"], registry=self.registry)
        wire.labels(stack, "received", protocol).set_function(lambda: self.wire.bytes_received)
        wire.labels(stack, "sent", protocol).set_function(lambda: self.wire.bytes_sent)
        Gauge("relix_peak_rss_bytes", "Peak resident set size since start or the last reset", ["protocol"],
              registry=self.registry).labels(protocol).set_function(self._rss.peak)
        self._request_metrics = RequestMetrics(stack, protocol, DURATION_BUCKETS)
        self.registry.register(_RequestMetricsCollector(self))

    def set_backends(self, store: str, cache: str) -> None:
        self._backends = {"store": store, "cache": cache}

    def cache_event(self, event: str) -> None:
        with self._lock:
            self._cache[event] += 1
            self._request_metrics.cache_event(event)

    def memory_cache_event(self, event: str) -> None:
        # Both caches count in /stats' hit ratio; Prometheus keeps them apart.
        with self._lock:
            self._cache[event] += 1
            self._request_metrics.memory_cache_event(event)

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
            if outcome == "cancelled":
                self._totals["cancelled"] += 1
            self._totals["serverTimeUs"] += parts["serverUs"]
            self._interval.record(parts["serverUs"], ok)
            self._request_metrics.observe(workload, outcome, parts["serverUs"] / 1e6)

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

    def request_metric_families(self):
        """The counted metrics as of now, read under the lock (their collector calls this)."""
        with self._lock:
            return list(self._request_metrics.families(self._split))

    def metrics_text(self) -> bytes:
        return generate_latest(self.registry)

    content_type = CONTENT_TYPE_LATEST


class _RequestMetricsCollector:
    """Hands the registry the telemetry's counted metrics when /metrics is read."""

    def __init__(self, telemetry: ServerTelemetry):
        self._telemetry = telemetry

    def collect(self):
        return self._telemetry.request_metric_families()
