import { randomBytes } from "node:crypto";
import mysql from "mysql2/promise";

export interface TestDatabase {
  /** MYSQL_URL with its database replaced by this test's own. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file, on the MySQL that the global setup provides
 * (MYSQL_URL). markInterruptedRuns fails the runs of every runner it finds gone (a closed store
 * counts) in its tables: test files running in parallel must not share them.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.MYSQL_URL;
  if (base === undefined || base === "")
    throw new Error("MYSQL_URL is not set: run the tests through vitest (test/global-setup.ts)");
  const name = `relix_runner_${randomBytes(6).toString("hex")}`;
  const admin = await mysql.createConnection({ uri: base });
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const connection = await mysql.createConnection({ uri: base });
      try {
        await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await connection.end();
      }
    },
  };
}
