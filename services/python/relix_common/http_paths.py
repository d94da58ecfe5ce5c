"""Path parameters as Express decodes them: a parameter that does not percent-decode (an escape
that is not hex, or bytes that are not UTF-8) is refused naming the path, not read as an id."""

import re
from typing import Optional
from urllib.parse import unquote_to_bytes

from .http_rules import HttpError

_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")


def decode_param(raw: str) -> str:
    if "%" not in raw:
        # Nothing to decode: unquote_to_bytes would encode the text as UTF-8 and the decode below
        # give it back unchanged. Most ids take this path, on every request.
        return raw
    try:
        if _ESCAPE.search(raw):
            raise ValueError
        return unquote_to_bytes(raw).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        raise HttpError(400, "invalid_argument", f"path: Failed to decode param '{raw}'", "path") from None


# Each route split once: the routes are the catalog's few, and this runs on every request.
_route_parts: dict = {}


def raw_params(route: str, raw_path: str) -> Optional[dict]:
    """The route's :params as they came on the wire (still percent-encoded), or None when it does not match."""
    route_parts = _route_parts.get(route)
    if route_parts is None:
        route_parts = _route_parts[route] = route.split("/")
    path_parts = raw_path.split("?", 1)[0].split("/")
    if len(route_parts) != len(path_parts):
        return None
    params = {}
    for want, got in zip(route_parts, path_parts):
        if want.startswith(":"):
            params[want[1:]] = got
    return params
