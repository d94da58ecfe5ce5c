import { randomBytes } from "node:crypto";
import mysql from "mysql2/promise";

/** Why a MySQL test is skipped; the root global setup always sets MYSQL_URL, so only a bare run sees it. */
export const NO_MYSQL = "MYSQL_URL is not set (the root vitest global setup sets it): skipping MySQL tests";

/**
 * A private database on the server of MYSQL_URL, so test files running in parallel never see each
 * other's tables. `url` names it; `drop()` removes it. The database is created by the code under
 * test (ensureDatabaseExists), not here.
 */
export function scratchDatabase(baseUrl: string, label: string): { url: string; name: string; drop(): Promise<void> } {
  const name = `relix_t_${label}_${randomBytes(4).toString("hex")}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const server = new URL(baseUrl);
      server.pathname = "/";
      const conn = await mysql.createConnection({ uri: server.toString() });
      try {
        await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await conn.end();
      }
    },
  };
}
