import net from "node:net";
import mysql from "mysql2/promise";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isDatabaseUnavailableForNow } from "./database-errors";

const MYSQL_URL = process.env.MYSQL_URL;

/** The error mysql2 really throws for this URL and query. */
async function errorOf(uri: string, sql = "SELECT 1"): Promise<unknown> {
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection({ uri, connectTimeout: 2_000 });
  } catch (error) {
    return error;
  }
  try {
    await connection.query(sql);
    return null;
  } catch (error) {
    return error;
  } finally {
    await connection.end();
  }
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.skipIf(!MYSQL_URL)("which database errors mean 'the database is down'", () => {
  it("a refused connection: unavailable, and worth waiting for", async () => {
    const error = await errorOf(`mysql://relix@127.0.0.1:${await closedPort()}/relix`);
    expect(error).toMatchObject({ code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailableForNow(error)).toBe(true);
  });

  it("a refused login or an unknown database: unavailable, but waiting will not fix it", async () => {
    const wrongPassword = new URL(MYSQL_URL!);
    wrongPassword.password = "not-the-password";
    const denied = await errorOf(wrongPassword.toString());
    expect(denied).toMatchObject({ code: "ER_ACCESS_DENIED_ERROR" });
    const noDatabase = new URL(MYSQL_URL!);
    noDatabase.pathname = "/relix_no_such_database";
    const unknown = await errorOf(noDatabase.toString());
    expect(unknown).toMatchObject({ code: "ER_BAD_DB_ERROR" });
    for (const error of [denied, unknown]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isDatabaseUnavailableForNow(error)).toBe(false);
    }
  });

  it("a wrong query is a bug, not an outage", async () => {
    const error = await errorOf(MYSQL_URL!, "SELEKT 1");
    expect(error).toMatchObject({ code: "ER_PARSE_ERROR" });
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailableForNow(error)).toBe(false);
    for (const notAnError of [null, undefined, "ECONNREFUSED", { code: 1 }]) {
      expect(isDatabaseUnavailable(notAnError)).toBe(false);
    }
  });
});
