import mysql from "mysql2/promise";
import type { Pool } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shapeKinds } from "@relix/core";
import { getDataset } from "@relix/core/data/dataset";
import { ensureDatabaseExists, seedDatabase } from "../data/seed";
import { NO_MYSQL, scratchDatabase } from "../data/testing/mysql-test-database";
import type { DataStore } from "./data-store";
import { createMysqlPool, createMysqlStore } from "./mysql-store";

const MYSQL_URL = process.env.MYSQL_URL;
if (!MYSQL_URL) console.warn(NO_MYSQL);

describe.skipIf(!MYSQL_URL)("createMysqlStore on a real MySQL/MariaDB", () => {
  const dataset = getDataset();
  let db: ReturnType<typeof scratchDatabase>;
  let pool: Pool;
  let store: DataStore;

  beforeAll(async () => {
    db = scratchDatabase(MYSQL_URL!, "store");
    await ensureDatabaseExists(db.url);
    pool = createMysqlPool(db.url);
    await seedDatabase(pool);
    store = createMysqlStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it("reads back exactly the generated items (generate -> seed -> read)", async () => {
    expect(store.kind).toBe("mysql");
    expect(await store.listItems(10_000)).toEqual(dataset.items);
    for (const id of [1, 2, 500, 1000, 10_000]) expect(await store.getItem(id)).toEqual(dataset.items[id - 1]);
    const item = (await store.getItem(1))!;
    expect(typeof item.price).toBe("number");
    expect(typeof item.createdAt).toBe("number");
  });

  it.each(shapeKinds)("reads back exactly the generated %s rows", async (kind) => {
    expect(await store.listShapes(kind)).toEqual(dataset.shapes[kind]);
    expect(await store.getShape(kind, 1)).toEqual(dataset.shapes[kind][0]);
    expect(await store.getShape(kind, 100)).toEqual(dataset.shapes[kind][99]);
  });

  it("reads back exactly the generated meteorites, geolocation null where absent", async () => {
    const meteorites = await store.listMeteorites();
    expect(meteorites).toEqual(dataset.meteorites);
    expect(meteorites.filter((m) => m.geolocation === null)).toHaveLength(12);
  });

  it("serves payloads of the generator's size, byte for byte", async () => {
    // The payload size is what the benchmark varies: the database must not change it.
    expect(JSON.stringify({ items: await store.listMeteorites() })).toBe(JSON.stringify({ items: dataset.meteorites }));
    expect(JSON.stringify(await store.listItems(10_000))).toBe(JSON.stringify(dataset.items));
    for (const kind of shapeKinds) {
      expect(JSON.stringify(await store.listShapes(kind)).length).toBe(JSON.stringify(dataset.shapes[kind]).length);
    }
  });

  it("answers null for ids that do not exist, including ones no client should send", async () => {
    for (const id of [0, -1, 10_001, 1.5, Number.NaN, 2 ** 40]) expect(await store.getItem(id)).toBeNull();
    for (const id of [0, 101, 2.5]) expect(await store.getShape("large", id)).toBeNull();
  });

  it("lists the first `limit` items in id order", async () => {
    expect(await store.listItems(100)).toEqual(dataset.items.slice(0, 100));
    expect(await store.listItems(1)).toEqual(dataset.items.slice(0, 1));
    expect(await store.listItems(0)).toEqual([]);
    expect(await store.listItems(-5)).toEqual([]);
    expect(await store.listItems(20_000)).toHaveLength(10_000);
  });

  it("maps rows the same with a pool that has no decimalNumbers (DECIMAL as strings)", async () => {
    const plain = createMysqlStore(mysql.createPool({ uri: db.url, connectionLimit: 1 }));
    try {
      expect(await plain.getItem(7)).toEqual(dataset.items[6]);
      expect(await plain.listMeteorites()).toEqual(dataset.meteorites);
    } finally {
      await plain.close();
    }
  });

  it("pings, and leaves database errors to the caller", async () => {
    await expect(store.ping()).resolves.toBeUndefined();
    const empty = scratchDatabase(MYSQL_URL!, "empty");
    await ensureDatabaseExists(empty.url);
    const unseeded = createMysqlStore(empty.url);
    try {
      await expect(unseeded.getItem(1)).rejects.toMatchObject({ code: "ER_NO_SUCH_TABLE" });
    } finally {
      await unseeded.close();
      await empty.drop();
    }
  });

  it("rejects promptly when the server is unreachable", async () => {
    const down = createMysqlStore("mysql://relix:x@127.0.0.1:1/relix");
    const started = performance.now();
    try {
      await expect(down.ping()).rejects.toMatchObject({ code: "ECONNREFUSED" });
      await expect(down.listMeteorites()).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await down.close();
    }
  });

  it("ends the pool it was given on close, unless told not to; close twice is fine", async () => {
    const shared = createMysqlPool(db.url, { connectionLimit: 1 });
    const borrowing = createMysqlStore(shared, { endPoolOnClose: false });
    await borrowing.close();
    await expect(shared.query("SELECT 1")).resolves.toBeDefined();

    const owning = createMysqlStore(shared);
    await owning.close();
    await owning.close();
    await expect(shared.query("SELECT 1")).rejects.toThrow(/closed/i);
  });
});
