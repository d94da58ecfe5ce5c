"""Starts the `grpcio` stack (python -m relix_grpcio): grpcio's synchronous server, a thread pool
of GRPCIO_MAX_WORKERS threads (default 10, the pool of grpcio's own examples), and the HTTP side
port. SIGTERM or SIGINT: stop accepting, give calls in flight SHUTDOWN_TIMEOUT_MS, close, exit."""

import os
import signal
import sys
import threading

from relix_common.config import EnvError, load_or_exit, whole_number
from relix_common.runtime import create_runtime
from relix_grpcio.metrics_server import start_metrics_server
from relix_grpcio.server import build_server


def main() -> None:
    env = load_or_exit(os.environ, "grpcio", port_name="GRPCIO_PORT",
                       metrics_port_name="GRPCIO_METRICS_PORT")
    try:
        max_workers = whole_number(os.environ, "GRPCIO_MAX_WORKERS", 10, 1, 1024)
    except EnvError as error:
        print(f"grpcio: invalid environment:\n  {error}", file=sys.stderr)
        sys.exit(2)
    runtime = create_runtime(env, "grpc", "grpcio")
    server, readiness = build_server(runtime, max_workers)
    host = f"[{env.host}]" if ":" in env.host else env.host
    try:
        port = server.add_insecure_port(f"{host}:{env.port}")
    except RuntimeError:
        port = 0
    if port == 0:
        print(f"grpcio: could not listen on {host}:{env.port}", file=sys.stderr)
        sys.exit(1)
    try:
        metrics = start_metrics_server(runtime, env.host, env.metrics_port)
    except OSError as error:
        print(f"grpcio: could not listen on {host}:{env.metrics_port} for metrics: {error}", file=sys.stderr)
        sys.exit(1)
    server.start()
    print(f"relix grpcio listening on {host}:{port}, metrics on http://{host}:{metrics.server_address[1]}/metrics",
          flush=True)

    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    stop.wait()
    print("grpcio: stopping, draining calls in flight", flush=True)
    readiness.stop()
    server.stop(grace=env.shutdown_timeout_ms / 1000).wait()
    metrics.shutdown()
    runtime.close()


if __name__ == "__main__":
    main()
