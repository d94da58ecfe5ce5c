"""The data store over MySQL/MariaDB with PyMySQL, the tables the Node services seed
(packages/io/src/data/mysql-schema.ts), and the same bounds as their mysql2 pool: 10 connections,
a connection attempt gives up after 2 s, a read with no answer within the query timeout (waiting
for a pooled connection included) fails as unavailable, and once 1,000 callers wait for a
connection the next is refused at once."""

import json
import queue
import threading
from typing import Optional
from urllib.parse import unquote, urlparse

import pymysql

CONNECTION_LIMIT = 10
QUEUE_LIMIT = 1_000
CONNECT_TIMEOUT_S = 2
PING_TIMEOUT_S = 1.0

ITEM_COLUMNS = "id, name, price, tags, created_at, dims, weight"


class DatabaseDown(Exception):
    """The database cannot be used for now (ours: a deadline passed, or the wait queue is full)."""


def _json(value):
    # MariaDB's JSON is LONGTEXT (a str here); MySQL 8 sends JSON as text to PyMySQL too.
    if isinstance(value, (bytes, bytearray)):
        value = value.decode("utf-8")
    return json.loads(value) if isinstance(value, str) else value


def item_of(row: tuple) -> dict:
    """A row -> the item, fields in the order the Node services write them (cached bytes match)."""
    item_id, name, price, tags, created_at, dims, weight = row
    return {
        "id": int(item_id),
        "name": name,
        "price": float(price),
        "tags": _json(tags),
        "createdAt": int(created_at),
        "dims": _json(dims),
        "weight": float(weight),
    }


class MysqlStore:
    kind = "mysql"

    def __init__(self, url: str, query_timeout_ms: int):
        parsed = urlparse(url)
        self._connect_args = dict(
            host=parsed.hostname,
            port=parsed.port or 3306,
            user=unquote(parsed.username or ""),
            password=unquote(parsed.password or ""),
            database=(parsed.path or "/").lstrip("/") or None,
            charset="utf8mb4",
            connect_timeout=CONNECT_TIMEOUT_S,
            read_timeout=query_timeout_ms / 1000,
            write_timeout=query_timeout_ms / 1000,
            autocommit=True,
        )
        self._timeout_s = query_timeout_ms / 1000
        self._idle: queue.LifoQueue = queue.LifoQueue()
        self._slots = threading.BoundedSemaphore(CONNECTION_LIMIT)
        self._waiting = 0
        self._lock = threading.Lock()
        self._closed = False

    def _acquire(self, timeout_s: float):
        with self._lock:
            if self._waiting >= QUEUE_LIMIT:
                raise DatabaseDown("the wait for a MySQL connection is full")
            self._waiting += 1
        try:
            if not self._slots.acquire(timeout=timeout_s):
                raise DatabaseDown(f"MySQL gave no answer within {round(timeout_s * 1000)} ms")
        finally:
            with self._lock:
                self._waiting -= 1
        try:
            return self._idle.get_nowait()
        except queue.Empty:
            pass
        try:
            return pymysql.connect(**self._connect_args)
        except BaseException:
            self._slots.release()
            raise

    def _release(self, connection, healthy: bool) -> None:
        if healthy and not self._closed:
            self._idle.put(connection)
        else:
            try:
                connection.close()
            except Exception:
                pass
        self._slots.release()

    def _select(self, sql: str, args: tuple, timeout_s: Optional[float] = None) -> list:
        connection = self._acquire(timeout_s or self._timeout_s)
        healthy = False
        try:
            with connection.cursor() as cursor:
                cursor.execute(sql, args)
                rows = cursor.fetchall()
            healthy = True
        finally:
            self._release(connection, healthy)
        return list(rows)

    def get_item(self, item_id: int) -> Optional[dict]:
        rows = self._select(f"SELECT {ITEM_COLUMNS} FROM items WHERE id = %s", (item_id,))
        return item_of(rows[0]) if rows else None

    def ping(self) -> None:
        self._select("SELECT 1", (), PING_TIMEOUT_S)

    def close(self) -> None:
        self._closed = True
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return
            except Exception:
                pass
