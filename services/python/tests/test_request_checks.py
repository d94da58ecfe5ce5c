"""Bad requests are refused in zod's words, naming the first field at fault, as the Node stacks do."""

import pytest

from relix_common.errors import DomainError
from relix_common.schema import UNDEFINED
from relix_common.workloads import WORKLOADS
from contract_fixtures import REFUSAL_CASES

BY_ID = {w.id: w for w in WORKLOADS}


def refusal(workload_id, body=UNDEFINED, params=None):
    with pytest.raises(DomainError) as caught:
        BY_ID[workload_id].from_rest(params or {}, body)
    return caught.value.field, caught.value.message


@pytest.mark.parametrize("case", REFUSAL_CASES, ids=lambda case: f"{case['workload']}: {case['message']}")
def test_first_problem_in_zods_words(case):
    # contract/fixtures/refusals.json: an absent body is no body at all (UNDEFINED), not null.
    body = case["body"] if "body" in case else UNDEFINED
    assert refusal(case["workload"], body, case.get("params")) == (case["field"], case["message"])


def test_integer_keys_come_first_as_in_a_javascript_object():
    request = BY_ID["echo"].from_rest({}, {"message": "x", "data": {"b": "1", "10": "2", "2": "3"}})
    assert list(request["data"]) == ["2", "10", "b"]
