"""The byte-level contract every runtime meets, as data (contract/fixtures/ at the repository's
root): the same files the Node tests (packages/conformance/src/contract-fixtures.ts) and the Java
check (services/java/common/src/test) read, so a change to the contract is one edit all of them see."""

import json
from pathlib import Path

CONTRACT_FIXTURES_DIR = Path(__file__).resolve().parents[3] / "contract" / "fixtures"


def _read(name: str):
    return json.loads((CONTRACT_FIXTURES_DIR / name).read_text(encoding="utf-8"))


JS_NUMBER_CASES = [(case["value"], case["text"]) for case in _read("js-numbers.json")["cases"]]
REFUSAL_CASES = _read("refusals.json")["cases"]
HEADER_NAMES = _read("headers.json")
