"""A cached value reads exactly as json.loads reads it, whichever parser took it."""

import json
import math

import orjson
import pytest

from relix_common import js_json
from relix_common.cached_json import loads_cached


@pytest.mark.parametrize("raw", [
    b'{"id":42,"name":"Item 42","price":12.5,"tags":["a","b"],"stock":7}',
    b'{"a":1,"a":2}',                 # a repeated key: the last one wins in both
    b'[18446744073709551615, -0, 1e-7, 1.0]',
])
def test_what_orjson_takes_reads_as_json_reads_it(raw):
    assert loads_cached(raw) == json.loads(raw)
    assert [type(v) for v in _leaves(loads_cached(raw))] == [type(v) for v in _leaves(json.loads(raw))]


@pytest.mark.parametrize("raw", [
    b'{"k":"\\ud800"}',  # a lone surrogate
    b'[1e400]',          # past a double: json reads inf
])
def test_what_orjson_refuses_still_reads_as_json_reads_it(raw):
    with pytest.raises(orjson.JSONDecodeError):
        orjson.loads(raw)
    assert repr(loads_cached(raw)) == repr(json.loads(raw))


def test_an_integer_past_64_bits_reads_as_a_double_as_json_parse_reads_it_and_writes_back_the_same():
    raw = b'{"big":1180591620717411303424}'
    # orjson took it (json would have read an int): a double, as JSON.parse reads it.
    assert type(loads_cached(raw)["big"]) is float and type(json.loads(raw)["big"]) is int
    assert js_json.dumps(loads_cached(raw)) == js_json.dumps(json.loads(raw)) == '{"big":1.1805916207174113e+21}'


def test_nan_reads_as_json_reads_it():
    assert math.isnan(loads_cached(b"[NaN]")[0])


@pytest.mark.parametrize("raw", [b"{not json", b'{"a":', b""])
def test_a_damaged_value_is_a_value_error(raw):
    with pytest.raises(ValueError):
        loads_cached(raw)


def _leaves(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    else:
        yield value
