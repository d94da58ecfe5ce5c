import { afterAll, beforeAll } from "vitest";
import { MysqlResultsStore } from "../mysql-results-store";
import { createTestDatabase, type TestDatabase } from "./test-database";

export interface MysqlResultsStoreFixture {
  readonly db: TestDatabase;
  readonly store: MysqlResultsStore;
}

/**
 * A MySQL results store on a database of the calling test file's own: created and initialised
 * before its tests, closed and dropped after them. Read `db` / `store` inside tests only.
 */
export function useMysqlResultsStore(): MysqlResultsStoreFixture {
  let db: TestDatabase | undefined;
  let store: MysqlResultsStore | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new MysqlResultsStore(db.url);
    await store.init();
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });
  return {
    get db() {
      if (!db) throw new Error("the test database exists only while the tests run");
      return db;
    },
    get store() {
      if (!store) throw new Error("the results store exists only while the tests run");
      return store;
    },
  };
}
