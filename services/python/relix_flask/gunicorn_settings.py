"""How gunicorn serves Flask here (the reasons are in relix_flask.__main__): the flask stack and the
floor's bare Flask route (relix_floor_reference.flask_route) both start from these settings, so the
two differ only in the code behind the route and in the worker class (the stack's counts bytes)."""


def gunicorn_settings(threads: int) -> dict:
    return {
        "workers": 1,
        "worker_class": "gthread",
        "threads": threads,
        "worker_connections": 1000,
        # Longer than a benchmark's pause between two slices, so connections are not dropped midway.
        "keepalive": 65,
        "accesslog": None,
        "loglevel": "warning",
    }
