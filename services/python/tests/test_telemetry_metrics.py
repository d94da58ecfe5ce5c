"""/metrics as the Node services write it: server time per workload and outcome as a histogram
whose buckets hold what is at or below their bound, and the split as counters, in seconds."""

from prometheus_client.parser import text_string_to_metric_families

from relix_common.telemetry.request_span import RequestSpan
from relix_common.telemetry.server_telemetry import ServerTelemetry


def samples_of(telemetry: ServerTelemetry, family_name: str) -> dict:
    for family in text_string_to_metric_families(telemetry.metrics_text().decode()):
        if family.name == family_name:
            return {(s.name, tuple(sorted(s.labels.items()))): s.value for s in family.samples}
    raise AssertionError(f"no {family_name} in /metrics")


def finish_after(telemetry: ServerTelemetry, workload: str, outcome: str, server_us: float,
                 service_us: float = 0.0, codec_us: float = 0.0) -> None:
    span = RequestSpan(started_us=0.0)
    span.service_us, span.codec_us = service_us, codec_us
    # finish() reads the clock: a span that started at 0 ends now, so pin its length instead.
    span.started_us = -server_us
    telemetry.finish(workload, span, outcome)


def test_durations_fall_in_the_bucket_of_their_bound_cumulatively(monkeypatch):
    import relix_common.telemetry.server_telemetry as module
    monkeypatch.setattr(module, "now_us", lambda: 0.0)
    telemetry = ServerTelemetry("rest", "fastapi")
    finish_after(telemetry, "item.get", "ok", 40)        # 40 µs: the first bucket (50 µs)
    finish_after(telemetry, "item.get", "ok", 100)       # exactly 100 µs: the 0.0001 bucket, not the next
    finish_after(telemetry, "item.get", "ok", 20_000_000)  # 20 s: only +Inf
    finish_after(telemetry, "item.get", "not_found", 300)
    got = samples_of(telemetry, "relix_server_duration_seconds")
    ok = (("outcome", "ok"), ("protocol", "rest"), ("stack", "fastapi"), ("workload", "item.get"))

    def bucket(le: str, labels=ok) -> float:
        return got[("relix_server_duration_seconds_bucket", tuple(sorted((*labels, ("le", le)))))]

    assert bucket("0.00005") == 1
    assert bucket("0.0001") == 2
    assert bucket("10") == 2
    assert bucket("+Inf") == 3
    assert got[("relix_server_duration_seconds_count", ok)] == 3
    assert abs(got[("relix_server_duration_seconds_sum", ok)] - 20.00014) < 1e-9
    not_found = (("outcome", "not_found"), ("protocol", "rest"), ("stack", "fastapi"), ("workload", "item.get"))
    assert bucket("0.00025", not_found) == 0 and bucket("0.0005", not_found) == 1


def test_the_split_adds_up_per_part_in_seconds(monkeypatch):
    import relix_common.telemetry.server_telemetry as module
    monkeypatch.setattr(module, "now_us", lambda: 0.0)
    telemetry = ServerTelemetry("grpc", "grpcio")
    finish_after(telemetry, "noop", "ok", 500, service_us=200, codec_us=100)
    finish_after(telemetry, "noop", "ok", 500, service_us=200, codec_us=100)
    got = samples_of(telemetry, "relix_server_split_seconds")
    part = lambda name: got[("relix_server_split_seconds_total", (("part", name), ("protocol", "grpc"), ("stack", "grpcio")))]
    assert abs(part("service") - 0.0004) < 1e-12
    assert abs(part("codec") - 0.0002) < 1e-12
    assert abs(part("rest") - 0.0004) < 1e-12


def test_every_relix_metric_carries_the_protocol_label():
    telemetry = ServerTelemetry("grpc", "grpcio")
    finish_after(telemetry, "noop", "ok", 100)
    telemetry.cache_event("hit")
    telemetry.memory_cache_event("hit")
    families = list(text_string_to_metric_families(telemetry.metrics_text().decode()))
    relix = [family for family in families if family.name.startswith("relix_")]
    assert {family.name for family in relix} >= {"relix_server_duration_seconds", "relix_server_split_seconds",
                                                   "relix_cache_events", "relix_memory_cache_events",
                                                   "relix_wire_bytes", "relix_peak_rss_bytes"}
    for family in relix:
        for sample in family.samples:
            assert sample.labels.get("protocol") == "grpc", sample


def test_a_timed_block_adds_to_its_part_even_when_it_raises():
    span = RequestSpan()
    try:
        with span.codec():
            raise ValueError("bad body")
    except ValueError:
        pass
    with span.service():
        sum(range(10_000))
    assert span.codec_us > 0 and span.service_us > 0


def test_cache_events_count_apart_from_the_memory_caches_and_both_in_stats():
    telemetry = ServerTelemetry("rest", "flask")
    for event in ("hit", "hit", "error"):
        telemetry.cache_event(event)
    telemetry.memory_cache_event("miss")
    redis = samples_of(telemetry, "relix_cache_events")
    assert redis[("relix_cache_events_total", (("event", "hit"), ("protocol", "rest")))] == 2
    assert redis[("relix_cache_events_total", (("event", "error"), ("protocol", "rest")))] == 1
    # Every Redis event is there from the start, at 0, as the Node services show them.
    assert redis[("relix_cache_events_total", (("event", "bypass"), ("protocol", "rest")))] == 0
    memory = samples_of(telemetry, "relix_memory_cache_events")
    assert memory == {("relix_memory_cache_events_total", (("event", "miss"), ("protocol", "rest"))): 1}
    assert telemetry.snapshot()["cache"] == {"hit": 2, "miss": 1, "bypass": 0, "error": 1}


def test_stats_count_cancelled_calls_apart_within_the_errors(monkeypatch):
    # A load generator closing its connections with calls in flight cancels them: the runner leaves
    # those out of the server's failures, so /stats must say how many of the errors they were.
    import relix_common.telemetry.server_telemetry as module
    monkeypatch.setattr(module, "now_us", lambda: 0.0)
    telemetry = ServerTelemetry("grpc", "grpcio")
    finish_after(telemetry, "item.get", "ok", 40)
    finish_after(telemetry, "item.get", "cancelled", 40)
    finish_after(telemetry, "item.get", "not_found", 40)
    requests = telemetry.snapshot()["requests"]
    assert (requests["requests"], requests["errors"], requests["cancelled"]) == (3, 2, 1)
