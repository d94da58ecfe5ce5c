import mysql from "mysql2/promise";
import type { Pool, RowDataPacket } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMysqlPool } from "../repository/mysql-store";
import { getDataset } from "@relix/core/data/dataset";
import { SCHEMA_VERSION } from "./mysql-schema";
import { databaseNameOf, ensureDatabaseExists, seedDatabase, seedLockName } from "./seed";
import { NO_MYSQL, scratchDatabase } from "./testing/mysql-test-database";

const MYSQL_URL = process.env.MYSQL_URL;
if (!MYSQL_URL) console.warn(NO_MYSQL);

const CANONICAL_COUNTS = { items: 10_000, shapes: 600, meteorites: 1000 };

async function rows(pool: Pool, sql: string): Promise<RowDataPacket[]> {
  return (await pool.query<RowDataPacket[]>(sql))[0];
}

describe("databaseNameOf", () => {
  it("takes the database from the URL path and refuses what it could not quote safely", () => {
    expect(databaseNameOf("mysql://u:p@h:3306/relix_1")).toBe("relix_1");
    expect(() => databaseNameOf("mysql://u:p@h:3306/")).toThrow(/names no database/);
    expect(() => databaseNameOf("mysql://u:p@h:3306/a%60b")).toThrow(/must be/);
  });
});

describe("seedLockName", () => {
  it("stays within MySQL 8's 64-character limit for lock names", () => {
    expect(seedLockName("relix")).toBe("relix_seed:relix");
    expect(seedLockName("d".repeat(64)).length).toBeLessThanOrEqual(64);
    expect(seedLockName("d".repeat(64))).not.toBe(seedLockName(`${"d".repeat(63)}e`));
  });
});

describe.skipIf(!MYSQL_URL)("seedDatabase on a real MySQL/MariaDB", () => {
  let db: ReturnType<typeof scratchDatabase>;
  let pool: Pool;

  beforeAll(async () => {
    db = scratchDatabase(MYSQL_URL!, "seed");
    pool = createMysqlPool(db.url);
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it("creates the database named in the URL, once", async () => {
    expect(await ensureDatabaseExists(db.url)).toEqual({ database: db.name, created: true });
    expect(await ensureDatabaseExists(db.url)).toEqual({ database: db.name, created: false });
  });

  it("fills an empty database, then leaves it alone on the next call", async () => {
    const first = await seedDatabase(pool);
    expect(first).toEqual({
      written: true,
      version: `${SCHEMA_VERSION}/${getDataset().version}`,
      counts: CANONICAL_COUNTS,
    });
    const [seeded] = await rows(pool, "SELECT schema_version, data_version FROM relix_seed");
    expect(seeded).toMatchObject({ schema_version: SCHEMA_VERSION, data_version: getDataset().version });

    const second = await seedDatabase(pool);
    expect(second).toEqual({ ...first, written: false });
    expect(await rows(pool, "SELECT COUNT(*) AS n FROM relix_seed")).toEqual([{ n: 1 }]);
  });

  it("re-inserts with force, and replaces the data when the seed changes", async () => {
    expect((await seedDatabase(pool, { force: true })).written).toBe(true);

    const canonicalName = getDataset().items[0]!.name;
    const other = await seedDatabase(pool, { seed: "another-seed" });
    expect(other).toMatchObject({ written: true, counts: CANONICAL_COUNTS });
    const [item] = await rows(pool, "SELECT name FROM items WHERE id = 1");
    expect(item!.name).toBe(getDataset("another-seed").items[0]!.name);
    expect(item!.name).not.toBe(canonicalName);

    expect((await seedDatabase(pool)).written).toBe(true);
    expect((await rows(pool, "SELECT name FROM items WHERE id = 1"))[0]!.name).toBe(canonicalName);
  });

  it("re-creates the tables when relix_seed records another schema", async () => {
    await pool.query("ALTER TABLE items ADD COLUMN obsolete INT NOT NULL DEFAULT 0");
    await pool.query("UPDATE relix_seed SET schema_version = 'schema-v0'");
    expect((await seedDatabase(pool)).written).toBe(true);
    const columns = await rows(pool, "SHOW COLUMNS FROM items");
    expect(columns.map((c): unknown => c.Field)).not.toContain("obsolete");
  });

  it("re-seeds when a table has gone missing even though relix_seed says it is current", async () => {
    await pool.query("DROP TABLE meteorites");
    expect(await seedDatabase(pool)).toMatchObject({ written: true, counts: CANONICAL_COUNTS });
  });

  it("serialises concurrent seeders: all succeed, exactly one writes", async () => {
    const fresh = scratchDatabase(MYSQL_URL!, "race");
    await ensureDatabaseExists(fresh.url);
    const pools = [1, 2, 3].map(() => createMysqlPool(fresh.url, { connectionLimit: 2 }));
    try {
      const results = await Promise.all(pools.map((p) => seedDatabase(p)));
      expect(results.filter((r) => r.written)).toHaveLength(1);
      for (const result of results) expect(result.counts).toEqual(CANONICAL_COUNTS);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
      await fresh.drop();
    }
  });

  it("needs no CREATE privilege when the database exists (a user granted only that database)", async (ctx) => {
    const user = `relix_lim_${Math.random().toString(16).slice(2, 8)}`;
    try {
      await pool.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'pw'`);
      await pool.query(`GRANT ALL PRIVILEGES ON \`${db.name}\`.* TO '${user}'@'%'`);
    } catch (error) {
      await pool.query(`DROP USER IF EXISTS '${user}'@'%'`).catch(() => undefined);
      // The test server's account may not hold GRANT OPTION (the ephemeral one does not).
      return ctx.skip(`cannot create a limited user here: ${(error as Error).message}`);
    }
    try {
      const limited = new URL(db.url);
      limited.username = user;
      limited.password = "pw";
      expect(await ensureDatabaseExists(limited.toString())).toEqual({ database: db.name, created: false });
    } finally {
      await pool.query(`DROP USER IF EXISTS '${user}'@'%'`);
    }
  });

  it("says plainly when the URL names no database", async () => {
    const server = new URL(MYSQL_URL!);
    server.pathname = "/";
    const noDb = mysql.createPool({ uri: server.toString(), connectionLimit: 1 });
    try {
      await expect(seedDatabase(noDb)).rejects.toThrow(/no database selected/);
    } finally {
      await noDb.end();
    }
  });
});
