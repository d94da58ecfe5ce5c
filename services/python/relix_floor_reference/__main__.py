"""python -m relix_floor_reference http|grpc|fastapi|flask, with PORT and REDIS_URL from the environment.
Prints one line once it listens (the floor script waits for it); SIGTERM stops it."""

import os
import sys


def main() -> None:
    kind = sys.argv[1] if len(sys.argv) == 2 else ""
    port = int(os.environ["PORT"])
    redis_url = os.environ["REDIS_URL"]
    if kind == "http":
        from relix_floor_reference.bare_http import serve
    elif kind == "grpc":
        from relix_floor_reference.bare_grpc import serve
    elif kind == "fastapi":
        from relix_floor_reference.fastapi_route import serve
    elif kind == "flask":
        from relix_floor_reference.flask_route import serve
    else:
        sys.exit("usage: python -m relix_floor_reference http|grpc|fastapi|flask")
    serve(port, redis_url)


if __name__ == "__main__":
    main()
