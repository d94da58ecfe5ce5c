"""The OpenAPI document a REST stack serves at /openapi.json: contract/openapi/<stack>.json at the
repository's root, written from the TypeScript catalog and the stack's record (packages/core/src/
openapi/), so it lists what the stack serves and nothing else. Read once, at start-up."""

from pathlib import Path

CONTRACT_OPENAPI_DIR = Path(__file__).resolve().parents[3] / "contract" / "openapi"


def openapi_document(stack: str) -> bytes:
    """The document's bytes; a missing file stops the server at start-up, naming how to write it."""
    path = CONTRACT_OPENAPI_DIR / f"{stack}.json"
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise RuntimeError(f"{path} is missing: run pnpm contract:openapi") from None
