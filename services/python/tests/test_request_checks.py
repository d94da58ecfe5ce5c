"""Bad requests are refused in zod's words, naming the first field at fault, as the Node stacks do."""

import pytest

from relix_common.errors import DomainError
from relix_common.schema import UNDEFINED
from relix_common.workloads import WORKLOADS

BY_ID = {w.id: w for w in WORKLOADS}


def refusal(workload_id, body=UNDEFINED, params=None):
    with pytest.raises(DomainError) as caught:
        BY_ID[workload_id].from_rest(params or {}, body)
    return caught.value.field, caught.value.message


@pytest.mark.parametrize("workload, body, field, message", [
    ("math.add", {"a": 1.5, "b": 2}, "a", "a: Invalid input: expected int, received number"),
    ("math.add", {"a": 1}, "b", "b: Invalid input: expected number, received undefined"),
    ("math.add", {"a": 2**31, "b": 0}, "a", "a: Too big: expected number to be <=2147483647"),
    ("math.add", {"a": 1e20, "b": 0}, "a", "a: Too big: expected int to be <=9007199254740991"),
    ("math.add", {"a": True, "b": 0}, "a", "a: Invalid input: expected number, received boolean"),
    ("math.add", [], "body", "body: Invalid input: expected object, received array"),
    ("math.add", UNDEFINED, "body", "body: Invalid input: expected object, received undefined"),
    ("math.dot", {"a": [1e39], "b": [1]}, "a.0", "a.0: Too big: expected number to be <=3.4028234663852886e+38"),
    ("math.dot", {"a": [1, 2], "b": [1]}, "b", "b: a and b must have the same length"),
    ("math.dot", {"a": [], "b": []}, "a", "a: Too small: expected array to have >=1 items"),
    ("echo", {"message": "x", "data": {"k": 1}}, "data.k", "data.k: Invalid input: expected string, received number"),
    ("echo", {"message": "x", "data": []}, "data", "data: Invalid input: expected record, received array"),
    ("echo", {"data": {"b": 1, "2": 2}}, "message", "message: Invalid input: expected string, received undefined"),
    ("stream", {"numberOfMessages": 0}, "numberOfMessages", "numberOfMessages: Too small: expected number to be >=1"),
    ("image.base64", {"img": ""}, "img", "img: Too small: expected string to have >=1 characters"),
    ("upload", UNDEFINED, "payload", "payload: Invalid input: expected Buffer, received undefined"),
])
def test_first_problem_in_zods_words(workload, body, field, message):
    assert refusal(workload, body) == (field, message)


@pytest.mark.parametrize("raw", ["0", "abc", "1.5", "4294967296", "99999999999999999999", ""])
def test_an_item_id_outside_uint32_names_the_id(raw):
    assert refusal("item.get", params={"id": raw}) == ("id", "id: must be a whole number from 1 to 4294967295")


def test_integer_keys_come_first_as_in_a_javascript_object():
    request = BY_ID["echo"].from_rest({}, {"message": "x", "data": {"b": "1", "10": "2", "2": "3"}})
    assert list(request["data"]) == ["2", "10", "b"]
