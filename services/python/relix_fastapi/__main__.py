"""Starts the `fastapi` stack: the FastAPI app on uvicorn (python -m relix_fastapi).

uvicorn as FastAPI deploys it ("uvicorn[standard]": uvloop and httptools), one process: the
Node stacks and the other Python stacks are one process each, so CPU per request and peak RSS
compare like with like, and /stats is the process that served every request. SIGTERM: uvicorn
stops accepting, lets requests in flight finish (at most SHUTDOWN_TIMEOUT_MS), and exits.
"""

import os

import uvicorn

from relix_common.config import load_or_exit
from relix_common.runtime import create_runtime
from relix_fastapi.app import create_app
from relix_fastapi.counting_protocol import counting_protocol


def main() -> None:
    env = load_or_exit(os.environ, "fastapi", port_name="FASTAPI_PORT")
    runtime = create_runtime(env, "rest", "fastapi")
    config = uvicorn.Config(
        create_app(runtime, env.redis_url),
        host=env.host,
        port=env.port,
        loop="uvloop",
        http=counting_protocol(runtime.telemetry.wire),
        lifespan="on",  # closes the app's asyncio Redis client (relix_fastapi.app)
        access_log=False,
        log_level="warning",
        server_header=False,
        timeout_keep_alive=65,
        timeout_graceful_shutdown=env.shutdown_timeout_ms / 1000,
    )
    try:
        uvicorn.Server(config).run()
    finally:
        runtime.close()


if __name__ == "__main__":
    main()
