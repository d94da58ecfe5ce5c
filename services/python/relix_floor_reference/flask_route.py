"""The flask stack's framework yardstick: one Flask route, GET /v1/items/<id>, doing only what a warm
item.get must do (one Redis GET of the cached item, with redis-py as the stack reads it) and
answering the cached bytes as they are (200), or 404. On gunicorn with the stack's own settings
(relix_flask.gunicorn_settings: one gthread worker, FLASK_THREADS threads, the same
keep-alive), gunicorn's plain gthread worker (the stack's counts the bytes at its sockets).

What the stack adds on top of this is its own code (id and header checks, cache-aside, the JSON parse
and JSON.stringify-exact write, telemetry, byte counting), which is what the floor's target is
about; the distance from this route to the bare asyncio server (bare_http.py) is Flask's, WSGI's and
gunicorn's own.
"""

import os

import redis
from flask import Flask, Response
from gunicorn.app.base import BaseApplication

from relix_floor_reference import ITEM_KEY_PREFIX
from relix_flask.gunicorn_settings import gunicorn_settings


def create_app(redis_url: str) -> Flask:
    app = Flask("relix_flask_yardstick")
    client = redis.Redis.from_url(redis_url)

    @app.get("/v1/items/<item_id>")
    def item(item_id: str) -> Response:
        cached = client.get(ITEM_KEY_PREFIX + item_id)
        if cached is None:
            return Response(b"{}", status=404, content_type="application/json")
        return Response(cached, content_type="application/json")

    return app


class _Yardstick(BaseApplication):
    def __init__(self, options: dict, redis_url: str):
        self._options = options
        self._redis_url = redis_url
        super().__init__()

    def load_config(self):
        for key, value in self._options.items():
            self.cfg.set(key, value)

    def load(self):
        return create_app(self._redis_url)


def serve(port: int, redis_url: str) -> None:
    threads = int(os.environ.get("FLASK_THREADS", "10"))
    _Yardstick({
        **gunicorn_settings(threads),
        "bind": f"127.0.0.1:{port}",
        "graceful_timeout": 1,
        "proc_name": "relix-flask-yardstick",
        # The arbiter has bound the port: requests wait in its backlog until the worker is up.
        "when_ready": lambda server: print(f"reference flask on {port}", flush=True),
    }, redis_url).run()
