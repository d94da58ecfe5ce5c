"""contract/fixtures/headers.json: the request headers the Python stacks read are the contract's."""

from contract_fixtures import HEADER_NAMES
from relix_common.call_context import CACHE_MODE_HEADER, DELAY_HEADER
from relix_common.http_rules import KEEP_INTERVAL_HEADER, PEAK_RSS_RESET_HEADER


def test_the_headers_read_are_the_contracts():
    assert {
        "cacheMode": CACHE_MODE_HEADER,
        "delayMs": DELAY_HEADER,
        "peakRssReset": PEAK_RSS_RESET_HEADER,
        "keepInterval": KEEP_INTERVAL_HEADER,
    } == {name: HEADER_NAMES[name] for name in ("cacheMode", "delayMs", "peakRssReset", "keepInterval")}
