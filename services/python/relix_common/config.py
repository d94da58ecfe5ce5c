"""The servers' environment, read once at start-up, with the same names and bounds as the Node
services (packages/io/src/config/env.ts). A bad value stops the server, naming the variable."""

import sys
from dataclasses import dataclass
from typing import Mapping, Optional
from urllib.parse import urlparse


class EnvError(Exception):
    pass


@dataclass(frozen=True)
class ServiceEnv:
    redis_url: str
    mysql_url: str
    host: str
    port: int
    metrics_port: Optional[int]
    cache_ttl_seconds: int
    mysql_query_timeout_ms: int
    shutdown_timeout_ms: int


def _url(env: Mapping[str, str], name: str, schemes: tuple[str, ...], example: str) -> str:
    value = env.get(name)
    if not value:
        raise EnvError(f"{name}: must be set (for example {example})")
    parsed = urlparse(value)
    if parsed.scheme not in schemes or not parsed.hostname:
        raise EnvError(f"{name}: must be a URL like {example}")
    return value


def whole_number(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    text = raw.strip()
    if not text.lstrip("-").isdigit():
        raise EnvError(f"{name}: must be a whole number from {low} to {high} (got {raw!r})")
    value = int(text)
    if not low <= value <= high:
        raise EnvError(f"{name}: must be a whole number from {low} to {high} (got {raw!r})")
    return value


def required_port(env: Mapping[str, str], name: str) -> int:
    """A port the server listens on: required, as the runner always sets it from the stack's record
    (packages/core/src/stacks/stacks.ts, service-processes.ts), where its default is written once."""
    if not env.get(name):
        raise EnvError(f"{name}: must be set (the runner sets it from the stack's record in "
                       "packages/core/src/stacks/; to start this server by hand, give it a port)")
    return whole_number(env, name, 0, 0, 65535)


def load_service_env(env: Mapping[str, str], port_name: str,
                     metrics_port_name: Optional[str] = None) -> ServiceEnv:
    """Every problem listed, not just the first; raises EnvError."""
    problems: list[str] = []
    values: dict = {}

    def take(key, read):
        try:
            values[key] = read()
        except EnvError as error:
            problems.append(str(error))

    take("redis_url", lambda: _url(env, "REDIS_URL", ("redis", "rediss"), "redis://127.0.0.1:6379"))
    take("mysql_url", lambda: _url(env, "MYSQL_URL", ("mysql",), "mysql://relix:relix@127.0.0.1:3306/relix"))
    take("port", lambda: required_port(env, port_name))
    if metrics_port_name:
        take("metrics_port", lambda: required_port(env, metrics_port_name))
    take("cache_ttl_seconds", lambda: whole_number(env, "CACHE_TTL_SECONDS", 3600, 1, 86_400))
    take("mysql_query_timeout_ms", lambda: whole_number(env, "MYSQL_QUERY_TIMEOUT_MS", 5000, 100, 60_000))
    take("shutdown_timeout_ms", lambda: whole_number(env, "SHUTDOWN_TIMEOUT_MS", 5000, 100, 60_000))
    if problems:
        raise EnvError("invalid environment:\n" + "\n".join(f"  {p}" for p in problems))
    return ServiceEnv(host=env.get("HOST") or "127.0.0.1", metrics_port=values.get("metrics_port"), **{
        k: v for k, v in values.items() if k != "metrics_port"})


def load_or_exit(env: Mapping[str, str], server: str, **ports) -> ServiceEnv:
    try:
        return load_service_env(env, **ports)
    except EnvError as error:
        print(f"{server}: {error}", file=sys.stderr)
        sys.exit(2)
