import mysql from "mysql2/promise";
import type { Pool, PoolOptions, RowDataPacket } from "mysql2/promise";
import type { AnyShape, Item, Meteorite, ShapeKind } from "@relix/core";
import type { DataStore } from "./data-store";
import { withDeadline } from "./with-deadline";

/**
 * Pool settings shared by the APIs, the seed command and the tests. A MySQL that hangs must cost
 * a request a bounded wait, never a pile of them: a connection attempt (handshake included) gives
 * up after connectTimeout, and at most queueLimit callers wait for a connection; the next one is
 * refused at once (503 / UNAVAILABLE). 1,000 is well above the most requests a run keeps in
 * flight against one API (256 connections), so a benchmark never meets it.
 */
export const MYSQL_POOL_DEFAULTS: Omit<PoolOptions, "uri"> = {
  connectionLimit: 10,
  // DECIMAL as numbers (the price); rows are mapped with Number() anyway, for pools made elsewhere.
  decimalNumbers: true,
  connectTimeout: 2_000,
  enableKeepAlive: true,
  waitForConnections: true,
  queueLimit: 1_000,
};

/** How long a read may take, waiting for a pooled connection included, before it fails as unavailable. */
export const MYSQL_QUERY_TIMEOUT_MS = 5_000;
/** How long the readiness ping may take: /readyz answers within two seconds (repository.ts). */
export const MYSQL_PING_TIMEOUT_MS = 1_000;

/** A mysql2 pool for `url` (mysql://user:pass@host:port/database). */
export function createMysqlPool(url: string, options: Omit<PoolOptions, "uri"> = {}): Pool {
  return mysql.createPool({ ...MYSQL_POOL_DEFAULTS, ...options, uri: url });
}

// MySQL 8 returns a JSON column as a parsed value; MariaDB's JSON is LONGTEXT, so there it is a
// string (or a Buffer under a binary collation). Accept all three.
function parseJson<T>(value: unknown): T {
  if (typeof value === "string") return JSON.parse(value) as T;
  if (Buffer.isBuffer(value)) return JSON.parse(value.toString("utf8")) as T;
  return value as T;
}

const ITEM_COLUMNS = "id, name, price, tags, created_at, dims, weight";
const METEORITE_COLUMNS = "id, name, fall, geolocation, mass, nametype, recclass, reclat, reclong, year";
// listItems inlines its limit: MySQL 8.0.22+ rejects a LIMIT placeholder bound as a double, which
// is how mysql2 sends JS numbers. Clamped to an integer, so it is safe to splice in.
const MAX_LIST_LIMIT = 100_000;

// Callers validate ids; this only keeps a NaN or 1.5 from reaching the server as a bad parameter.
const isId = (id: number) => Number.isSafeInteger(id) && id > 0;

function toItem(row: RowDataPacket): Item {
  return {
    id: Number(row.id),
    name: row.name as string,
    price: Number(row.price),
    tags: parseJson<string[]>(row.tags),
    createdAt: Number(row.created_at),
    dims: parseJson<number[]>(row.dims),
    weight: Number(row.weight),
  };
}

function toMeteorite(row: RowDataPacket): Meteorite {
  return {
    id: Number(row.id),
    name: row.name as string,
    fall: row.fall as string,
    geolocation: row.geolocation == null ? null : parseJson<Meteorite["geolocation"]>(row.geolocation),
    mass: Number(row.mass),
    nametype: row.nametype as string,
    recclass: row.recclass as string,
    reclat: Number(row.reclat),
    reclong: Number(row.reclong),
    year: row.year as string,
  };
}

export interface MysqlStoreOptions {
  /** Whether close() ends the pool (default true: the store owns the pool it is given). */
  endPoolOnClose?: boolean;
  /** A read with no answer within this many ms fails as unavailable (default MYSQL_QUERY_TIMEOUT_MS). */
  queryTimeoutMs?: number;
  /** The same for ping() (default MYSQL_PING_TIMEOUT_MS). */
  pingTimeoutMs?: number;
}

const deadlineExceeded = (ms: number) => () =>
  Object.assign(new Error(`MySQL gave no answer within ${ms} ms`), { code: "QUERY_DEADLINE_EXCEEDED" });

/**
 * The DataStore over MySQL/MariaDB (tables from data/mysql-schema.ts, filled by seedDatabase).
 * Reads use prepared statements (pool.execute). Database errors are left to propagate: the
 * services turn them into 503 / UNAVAILABLE. Every call has a deadline that covers the wait for a
 * pooled connection and the statement's prepare, which mysql2's own query `timeout` does not; that
 * timeout still ends the statement's wait, and mysql2 gives the connection back only once the
 * server has answered, so a hung server holds at most connectionLimit connections, not more.
 * close() ends the pool, also one passed in, unless told not to: a process that hands its pool to
 * the store then shuts down with store.close().
 */
export function createMysqlStore(poolOrUrl: Pool | string, options: MysqlStoreOptions = {}): DataStore {
  const endPoolOnClose = options.endPoolOnClose ?? true;
  const queryTimeoutMs = options.queryTimeoutMs ?? MYSQL_QUERY_TIMEOUT_MS;
  const pingTimeoutMs = options.pingTimeoutMs ?? MYSQL_PING_TIMEOUT_MS;
  const pool = typeof poolOrUrl === "string" ? createMysqlPool(poolOrUrl) : poolOrUrl;

  let closing: Promise<void> | undefined;

  const select = async (sql: string, params: (string | number)[] = []) => {
    const rows = pool.execute<RowDataPacket[]>({ sql, timeout: queryTimeoutMs }, params);
    return (await withDeadline(rows, queryTimeoutMs, deadlineExceeded(queryTimeoutMs)))[0];
  };

  return {
    kind: "mysql",

    async getItem(id) {
      if (!isId(id)) return null;
      const rows = await select(`SELECT ${ITEM_COLUMNS} FROM items WHERE id = ?`, [id]);
      return rows[0] ? toItem(rows[0]) : null;
    },

    async listItems(limit) {
      const n = Math.max(0, Math.min(MAX_LIST_LIMIT, Math.trunc(limit) || 0));
      if (n === 0) return [];
      const rows = await select(`SELECT ${ITEM_COLUMNS} FROM items ORDER BY id LIMIT ${n}`);
      return rows.map(toItem);
    },

    async getShape(kind: ShapeKind, id: number) {
      if (!isId(id)) return null;
      const rows = await select("SELECT doc FROM shapes WHERE kind = ? AND id = ?", [kind, id]);
      return rows[0] ? parseJson<AnyShape>(rows[0].doc) : null;
    },

    async listShapes(kind: ShapeKind) {
      const rows = await select("SELECT doc FROM shapes WHERE kind = ? ORDER BY id", [kind]);
      return rows.map((row) => parseJson<AnyShape>(row.doc));
    },

    async listMeteorites() {
      const rows = await select(`SELECT ${METEORITE_COLUMNS} FROM meteorites ORDER BY id`);
      return rows.map(toMeteorite);
    },

    async ping() {
      const answer = pool.query({ sql: "SELECT 1", timeout: pingTimeoutMs });
      await withDeadline(answer, pingTimeoutMs, deadlineExceeded(pingTimeoutMs));
    },

    close() {
      // Idempotent: a shutdown path may call it twice, and ending a pool twice throws.
      closing ??= endPoolOnClose ? pool.end() : Promise.resolve();
      return closing;
    },
  };
}
