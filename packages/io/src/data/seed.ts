import { createHash } from "node:crypto";
import mysql from "mysql2/promise";
import type { Pool, PoolConnection, RowDataPacket } from "mysql2/promise";
import { datasetVersion, getDataset, type Dataset } from "@relix/core/data/dataset";
import { SEED } from "@relix/core/data/dataset-seed";
import { CREATE_SEED_TABLE, CREATE_TABLES, DATA_TABLES, SCHEMA_VERSION } from "./mysql-schema";
import type { Seed } from "@relix/core/data/seeded-random";

export interface SeedOptions {
  seed?: Seed;
  /** Re-insert even when relix_seed already records this version. */
  force?: boolean;
  /** How long to wait for another process seeding the same database (default 60 s). */
  lockTimeoutSeconds?: number;
}

export interface SeedResult {
  /** False when the database already held this version and nothing was written. */
  written: boolean;
  /** `${SCHEMA_VERSION}/${dataset version}`, as recorded in relix_seed. */
  version: string;
  /** Rows in each table after the call. */
  counts: { items: number; shapes: number; meteorites: number };
}

// A multi-row INSERT is one packet: stay far below max_allowed_packet (16 MB on MariaDB 10.11,
// 64 MB on MySQL 8, 4 MB on older servers). A Large shape row is ~14 KB of JSON.
const MAX_ROWS_PER_INSERT = 500;
const MAX_BYTES_PER_INSERT = 1_000_000;

type Row = (string | number | null)[];

function itemRows(dataset: Dataset): Row[] {
  return dataset.items.map((i) => [
    i.id,
    i.name,
    i.price,
    JSON.stringify(i.tags),
    i.createdAt,
    JSON.stringify(i.dims),
    i.weight,
  ]);
}

function shapeRows(dataset: Dataset): Row[] {
  return Object.entries(dataset.shapes).flatMap(([kind, rows]) =>
    rows.map((shape): Row => [kind, shape.id, JSON.stringify(shape)]),
  );
}

function meteoriteRows(dataset: Dataset): Row[] {
  return dataset.meteorites.map((m) => [
    m.id,
    m.name,
    m.fall,
    m.geolocation ? JSON.stringify(m.geolocation) : null,
    m.mass,
    m.nametype,
    m.recclass,
    m.reclat,
    m.reclong,
    m.year,
  ]);
}

const rowBytes = (row: Row) => row.reduce<number>((sum, v) => sum + (typeof v === "string" ? v.length : 24), 0);

/** Splits rows into INSERT-sized batches (by count and by approximate bytes). */
function* batches(rows: Row[]): Generator<Row[]> {
  let batch: Row[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = rowBytes(row);
    if (batch.length > 0 && (batch.length >= MAX_ROWS_PER_INSERT || bytes + size > MAX_BYTES_PER_INSERT)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

async function insertAll(conn: PoolConnection, table: string, columns: string[], rows: Row[]) {
  for (const batch of batches(rows)) {
    // `VALUES ?` with an array of arrays expands to (..), (..): one statement per batch.
    await conn.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ?`, [batch]);
  }
}

async function count(conn: PoolConnection, table: string): Promise<number> {
  const [rows] = await conn.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${table}`);
  return Number(rows[0]?.n ?? 0);
}

async function missingTables(conn: PoolConnection): Promise<boolean> {
  const [rows] = await conn.query<RowDataPacket[]>(
    "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN (?)",
    [DATA_TABLES],
  );
  return Number(rows[0]?.n ?? 0) < DATA_TABLES.length;
}

/** The user-level lock name for one database; MySQL 8 caps lock names at 64 characters. */
export function seedLockName(database: string): string {
  const name = `relix_seed:${database}`;
  return name.length <= 64 ? name : `relix_seed:${createHash("sha1").update(database).digest("hex")}`;
}

async function withSeedLock<T>(conn: PoolConnection, timeoutSeconds: number, work: () => Promise<T>): Promise<T> {
  const [current] = await conn.query<RowDataPacket[]>("SELECT DATABASE() AS db");
  const database = current[0]?.db as string | null | undefined;
  if (!database) throw new Error("seedDatabase: the connection has no database selected (add it to MYSQL_URL)");
  // Two processes starting together (both APIs, or parallel test files) must not interleave their
  // DELETEs and INSERTs. The lock is per database, so different test databases do not wait on each other.
  const lock = seedLockName(database);
  const [rows] = await conn.query<RowDataPacket[]>("SELECT GET_LOCK(?, ?) AS locked", [lock, timeoutSeconds]);
  if (Number(rows[0]?.locked) !== 1) {
    throw new Error(`seedDatabase: another process held the seed lock of ${database} for ${timeoutSeconds} s`);
  }
  try {
    return await work();
  } finally {
    // A lock dies with its session, so a failed release (connection gone) loses nothing; do not let
    // it hide the error that got us here.
    await conn.query("SELECT RELEASE_LOCK(?)", [lock]).catch(() => undefined);
  }
}

/**
 * Creates the tables and fills them with the data set for `seed`, unless relix_seed says they
 * already hold exactly that (then it writes nothing). All rows go in one transaction, so a reader
 * sees the old data set or the new one, never half of each.
 */
export async function seedDatabase(pool: Pool, options: SeedOptions = {}): Promise<SeedResult> {
  const seed = options.seed ?? SEED;
  const dataVersion = datasetVersion(seed);
  const version = `${SCHEMA_VERSION}/${dataVersion}`;
  const conn = await pool.getConnection();
  try {
    return await withSeedLock(conn, options.lockTimeoutSeconds ?? 60, async () => {
      await conn.query(CREATE_SEED_TABLE);
      const [seeded] = await conn.query<RowDataPacket[]>(
        "SELECT schema_version, data_version FROM relix_seed WHERE id = 1",
      );
      const current = seeded[0];
      const upToDate = current?.schema_version === SCHEMA_VERSION && current.data_version === dataVersion;

      if (upToDate && !options.force && !(await missingTables(conn))) {
        return { written: false, version, counts: await counts(conn) };
      }

      // DDL commits implicitly in MySQL, so it runs before the transaction, not inside it.
      if (current && current.schema_version !== SCHEMA_VERSION) {
        await conn.query(`DROP TABLE IF EXISTS ${DATA_TABLES.join(", ")}`);
      }
      for (const ddl of CREATE_TABLES) await conn.query(ddl);

      const dataset = getDataset(seed);
      await conn.beginTransaction();
      try {
        // DELETE, not TRUNCATE: TRUNCATE is DDL and would commit half-way.
        for (const table of DATA_TABLES) await conn.query(`DELETE FROM ${table}`);
        await conn.query("DELETE FROM relix_seed");
        await insertAll(
          conn,
          "items",
          ["id", "name", "price", "tags", "created_at", "dims", "weight"],
          itemRows(dataset),
        );
        await insertAll(conn, "shapes", ["kind", "id", "doc"], shapeRows(dataset));
        await insertAll(
          conn,
          "meteorites",
          ["id", "name", "fall", "geolocation", "mass", "nametype", "recclass", "reclat", "reclong", "year"],
          meteoriteRows(dataset),
        );
        await conn.query("INSERT INTO relix_seed (id, schema_version, data_version, seeded_at) VALUES (1, ?, ?, ?)", [
          SCHEMA_VERSION,
          dataVersion,
          Date.now(),
        ]);
        await conn.commit();
      } catch (error) {
        await conn.rollback().catch(() => undefined);
        throw error;
      }
      return { written: true, version, counts: await counts(conn) };
    });
  } finally {
    conn.release();
  }
}

async function counts(conn: PoolConnection): Promise<SeedResult["counts"]> {
  return {
    items: await count(conn, "items"),
    shapes: await count(conn, "shapes"),
    meteorites: await count(conn, "meteorites"),
  };
}

/** The database named in a mysql:// URL; only plain identifiers, since it is spliced into DDL. */
export function databaseNameOf(mysqlUrl: string): string {
  const name = decodeURIComponent(new URL(mysqlUrl).pathname.replace(/^\//, ""));
  if (!name) throw new Error("MYSQL_URL names no database (expected mysql://user:pass@host:port/database)");
  if (!/^[A-Za-z0-9_$-]{1,64}$/.test(name)) {
    throw new Error(`MYSQL_URL database name "${name}" must be 1-64 letters, digits, _, $ or -`);
  }
  return name;
}

/**
 * Creates the database named in `mysqlUrl` if it does not exist (connecting without a database
 * first, since connecting to a missing one fails). Returns whether it had to create it. An existing
 * database is detected first, so a user granted only that database (the docker-compose setup)
 * never needs the CREATE privilege.
 */
export async function ensureDatabaseExists(mysqlUrl: string): Promise<{ database: string; created: boolean }> {
  const database = databaseNameOf(mysqlUrl);
  const serverUrl = new URL(mysqlUrl);
  serverUrl.pathname = "/";
  const conn = await mysql.createConnection({ uri: serverUrl.toString() });
  try {
    const [existing] = await conn.query<RowDataPacket[]>(
      "SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?",
      [database],
    );
    if (existing.length > 0) return { database, created: false };
    const [result] = await conn.query<mysql.ResultSetHeader>(
      `CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    return { database, created: result.affectedRows > 0 };
  } finally {
    await conn.end();
  }
}
