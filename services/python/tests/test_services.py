"""The business rules the Python stacks share with Node: sizes, sums, digests, delays."""

import struct

import pytest

from relix_common import services
from relix_common.call_context import assert_delay_budget, call_context_from
from relix_common.errors import DomainError


def jpeg(width, height):
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, height, width, 3) + bytes(9)
    return b"\xff\xd8\xff\xe0\x00\x04\x00\x00" + sof


def test_image_size_from_the_frame_header():
    assert services.image_size(jpeg(3004, 1002)) == {"width": 3004, "height": 1002}


@pytest.mark.parametrize("data, message", [
    (b"", "image: is empty"),
    (b"hello", "image: invalid JPEG: does not start with the SOI marker (FF D8)"),
    (b"\xff\xd8\xff\xd9", "image: invalid JPEG: ends (EOI) before any frame header"),
    (b"\xff\xd8\xff\xe0\x00", "image: invalid JPEG: ends inside a segment length"),
])
def test_image_refusals(data, message):
    with pytest.raises(DomainError) as caught:
        services.image_size(data)
    assert caught.value.message == message


def test_dot_is_rounded_to_float32_and_refuses_overflow():
    assert services.dot({"a": [0.1], "b": [0.3]}) == {"result": 0.029999999329447746}
    with pytest.raises(DomainError, match="overflows float32"):
        services.dot({"a": [1e38, 1e38], "b": [1e38, 1e38]})


def test_add_refuses_int32_overflow():
    with pytest.raises(DomainError, match=r"b: a \+ b overflows int32"):
        services.add({"a": 2**31 - 1, "b": 1})


def test_upload_answers_size_and_sha256():
    assert services.upload(b"x" * 3) == {"size": 3, "sha256": "cd2eb0837c9b4c962c22d2ff8b5441b7b45805887f051d39bf133b583baf6860"}


def test_headers_cache_mode_and_delay():
    headers = {"x-relix-cache": "miss", "x-relix-delay-ms": "0010"}
    ctx = call_context_from(headers.get)
    assert (ctx.cache_mode, ctx.delay_ms) == ("miss", 10)
    with pytest.raises(DomainError, match='x-relix-cache: must be one of warm, cold, miss \\(got "hot"\\)'):
        call_context_from({"x-relix-cache": "hot"}.get)
    with pytest.raises(DomainError, match="from 0 to 1000"):
        call_context_from({"x-relix-delay-ms": "1001"}.get)


def test_delay_budget_in_the_node_services_words():
    with pytest.raises(DomainError) as caught:
        assert_delay_budget(1000, 0.0625 + 10, "payload", "MiB")
    assert caught.value.message == ("x-relix-delay-ms: 1000 ms per MiB x 10.063 (payload) is 10063 ms of server delay, "
                                    "above the 10000 ms a request may ask for")
