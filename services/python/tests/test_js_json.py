"""JSON text must be JSON.stringify's, byte for byte: the same replies and the same Redis bytes as Node."""

import random
import struct

import pytest

from relix_common import js_json
from contract_fixtures import JS_NUMBER_CASES


@pytest.mark.parametrize("value, text", JS_NUMBER_CASES)
def test_numbers_as_javascript_writes_them(value, text):
    # contract/fixtures/js-numbers.json: each literal read as Python reads it, as a float and as
    # an int where it is a whole number (JSON.stringify has one number type).
    assert js_json.js_number(float(value)) == text
    assert js_json.dumps_bytes({"n": [float(value)]}) == f'{{"n":[{text}]}}'.encode()
    if value.lstrip("-").isdigit():
        assert js_json.js_number(int(value)) == text


def test_objects_keep_their_order_and_escape_as_json_stringify():
    value = {"id": 7, "name": "Zen \"Fan\"", "tags": ["a\nb", "\u0001", "é😀\u2028"], "weight": 8.0, "ok": True, "x": None}
    assert js_json.dumps(value) == '{"id":7,"name":"Zen \\"Fan\\"","tags":["a\\nb","\\u0001","é😀\u2028"],"weight":8,"ok":true,"x":null}'


def test_a_lone_surrogate_is_escaped_not_an_error():
    assert js_json.dumps_bytes({"k": "\ud800"}) == b'{"k":"\\ud800"}'


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", "{\"a\":-Infinity}"])
def test_parsing_refuses_what_json_parse_refuses(text):
    with pytest.raises(ValueError):
        js_json.loads(text)


def test_subclasses_tuples_and_constants_are_written_as_their_base_types():
    class Tags(list):
        pass

    class Named(dict):
        pass

    assert js_json.dumps(Named(a=Tags([1, 2.0]), b=(True, False, None), c=2**60)) == \
        '{"a":[1,2],"b":[true,false,null],"c":1152921504606847000}'


NUMBERS_AT_EVERY_EDGE = [
    3.0, -0.0, 2.4, 1e21, 1e20, 1.5e-7, 0.00001, 1e-6, 9.5e-5, 1e-4, 0.5, -123.0, 9999999999999998.0, 1e16,
    0.1 + 0.2, float("nan"), float("inf"), 2**53, 2**53 + 1, -(2**53) - 1, 2**64, 2**70, 19.99, 0.731,
]


@pytest.mark.parametrize("value", NUMBERS_AT_EVERY_EDGE)
def test_the_bytes_written_are_javascripts_whichever_writer_takes_the_value(value):
    # dumps_bytes hands a value to orjson where orjson writes the same text, to js_json's writer elsewhere.
    assert js_json.dumps_bytes({"n": value, "in": [value]}) == \
        f'{{"n":{js_json.js_number(value)},"in":[{js_json.js_number(value)}]}}'.encode()


def test_random_doubles_are_written_as_javascript_writes_them():
    rng = random.Random(20261127)
    for _ in range(20_000):
        value = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
        scaled = rng.uniform(-1, 1) * 10 ** rng.randint(-8, 18)
        for number in (value, scaled, round(scaled, rng.randint(0, 4))):
            assert js_json.dumps_bytes([number]) == f"[{js_json.js_number(number)}]".encode(), number


def test_strings_and_keys_escape_alike_on_both_writers():
    every_escape = "".join(chr(c) for c in range(0x80)) + "é😀\u2028\u2029\ufeff"
    value = {every_escape: [every_escape, True, None, {"": ""}]}
    assert js_json.dumps_bytes(value) == js_json.dumps(value).encode()
    assert js_json.dumps_bytes({"k": ["ok", "\udfff"]}) == b'{"k":["ok","\\udfff"]}'
