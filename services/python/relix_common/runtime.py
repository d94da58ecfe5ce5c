"""Wires the stores, the repository and the telemetry for one server process, as
packages/io/src/runtime/service-runtime.ts does for Node (without seeding: the Node services or
`pnpm db:seed` fill MySQL; these servers only read it)."""

import logging
import sys
from dataclasses import dataclass

from .config import ServiceEnv
from .mysql_store import MysqlStore
from .redis_cache import RedisCache
from .repository import Repository
from .telemetry.server_telemetry import ServerTelemetry


@dataclass
class ServiceRuntime:
    repository: Repository
    telemetry: ServerTelemetry
    store: MysqlStore
    cache: RedisCache

    def close(self) -> None:
        for resource in (self.store, self.cache):
            try:
                resource.close()
            except Exception:
                pass


def create_runtime(env: ServiceEnv, protocol: str, stack: str) -> ServiceRuntime:
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="%(message)s")
    telemetry = ServerTelemetry(protocol, stack)
    store = MysqlStore(env.mysql_url, env.mysql_query_timeout_ms)
    cache = RedisCache(env.redis_url)
    repository = Repository(store, cache, env.cache_ttl_seconds,
                            on_cache_event=telemetry.cache_event, on_memory_cache_event=telemetry.memory_cache_event)
    telemetry.set_backends(store.kind, cache.kind)
    return ServiceRuntime(repository, telemetry, store, cache)
