"""Path parameters as Express decodes them: a parameter that does not percent-decode (an escape
that is not hex, or bytes that are not UTF-8) is refused naming the path, not read as an id."""

import re
from typing import Optional

from .http_rules import HttpError

_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")


def decode_param(raw: str) -> str:
    from urllib.parse import unquote_to_bytes

    try:
        if _ESCAPE.search(raw):
            raise ValueError
        return unquote_to_bytes(raw).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        raise HttpError(400, "invalid_argument", f"path: Failed to decode param '{raw}'", "path") from None


def raw_params(route: str, raw_path: str) -> Optional[dict]:
    """The route's :params as they came on the wire (still percent-encoded), or None when it does not match."""
    route_parts = route.split("/")
    path_parts = raw_path.split("?", 1)[0].split("/")
    if len(route_parts) != len(path_parts):
        return None
    params = {}
    for want, got in zip(route_parts, path_parts):
        if want.startswith(":"):
            params[want[1:]] = got
    return params
