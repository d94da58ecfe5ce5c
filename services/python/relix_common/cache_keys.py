"""The one key builder, the same keys as packages/io/src/repository/cache-keys.ts."""

PREFIX = "relix:v1"


def item_key(item_id: int) -> str:
    return f"{PREFIX}:item:{item_id}"
