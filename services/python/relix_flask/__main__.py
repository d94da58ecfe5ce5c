"""Starts the `flask` stack: the Flask app on gunicorn (python -m relix_flask).

Why gunicorn, and this worker model: gunicorn is how Flask is deployed in production (Flask's
own server is for development), and its threaded worker (gthread) keeps HTTP/1.1 connections
alive, as every benchmark client here expects (the default sync worker closes each connection
after one request). One worker process: the Node stacks and the other Python stacks are one
process each, so CPU per request and peak RSS compare like with like, and /stats (CPU, RSS,
counters) is the one process that served every request. FLASK_THREADS threads serve it (default
10, the grpcio stack's pool size, so study 004's pair has the same concurrency on both sides).
"""

import os
import sys

from gunicorn.app.base import BaseApplication

from relix_common.config import EnvError, load_or_exit, whole_number
from relix_flask.gunicorn_settings import gunicorn_settings


class FlaskStack(BaseApplication):
    def __init__(self, options: dict):
        self._options = options
        super().__init__()

    def load_config(self):
        for key, value in self._options.items():
            self.cfg.set(key, value)

    def load(self):
        from relix_common.runtime import create_runtime
        from relix_flask.app import create_app

        env = load_or_exit(os.environ, "flask", port_name="FLASK_PORT")
        return create_app(create_runtime(env, "rest", "flask"))


def _worker_exit(server, worker):
    runtime = getattr(worker, "wsgi", None) and worker.wsgi.extensions.get("relix_runtime")
    if runtime:
        runtime.close()


def main() -> None:
    env = load_or_exit(os.environ, "flask", port_name="FLASK_PORT")
    try:
        threads = whole_number(os.environ, "FLASK_THREADS", 10, 1, 1024)
    except EnvError as error:
        print(f"flask: invalid environment:\n  {error}", file=sys.stderr)
        sys.exit(2)
    host = f"[{env.host}]" if ":" in env.host else env.host
    FlaskStack({
        **gunicorn_settings(threads),
        "bind": f"{host}:{env.port}",
        "worker_class": "relix_flask.counting_worker.CountingThreadWorker",
        "graceful_timeout": max(1, env.shutdown_timeout_ms // 1000),
        "worker_exit": _worker_exit,
        "proc_name": "relix-flask",
    }).run()


if __name__ == "__main__":
    main()
