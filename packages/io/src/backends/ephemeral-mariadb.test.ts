import { existsSync } from "node:fs";
import mysql, { type RowDataPacket } from "mysql2/promise";
import { describe, expect, it } from "vitest";
import { BackendUnavailableError } from "./backend-unavailable-error";
import { startEphemeralMysql } from "./ephemeral-mariadb";
import { isPortListening } from "./port-listening";

describe("startEphemeralMysql", () => {
  it("serves a private MariaDB with a relix database over TCP, and stop() removes its dir and closes its port", async () => {
    const db = await startEphemeralMysql();
    expect(db.url).toMatch(new RegExp(`^mysql://relix:[0-9a-f]+@127\\.0\\.0\\.1:${db.port}/relix$`));
    expect(db.version).toMatch(/MariaDB/);
    expect(existsSync(db.dir)).toBe(true);

    const connection = await mysql.createConnection(db.url);
    try {
      await connection.query("CREATE TABLE items (id INT PRIMARY KEY, name VARCHAR(64) NOT NULL)");
      await connection.query("INSERT INTO items (id, name) VALUES (?, ?), (?, ?)", [1, "plain", 2, "ünïcødé 🚀"]);
      const [rows] = await connection.query<RowDataPacket[]>("SELECT id, name FROM items ORDER BY id");
      expect(rows.map((row) => ({ ...row }))).toEqual([
        { id: 1, name: "plain" },
        { id: 2, name: "ünïcødé 🚀" },
      ]);
    } finally {
      await connection.end();
    }

    // root exists only behind the private unix socket.
    const rootUrl = `mysql://root@127.0.0.1:${db.port}/relix`;
    await expect(mysql.createConnection(rootUrl)).rejects.toThrow(/Access denied/);

    await db.stop();
    expect(existsSync(db.dir)).toBe(false);
    expect(await isPortListening(db.port)).toBe(false);
  });

  it("says how to get MariaDB when it is not installed", async () => {
    const start = startEphemeralMysql({ searchPath: "/nonexistent", extraDirs: [] });
    await expect(start).rejects.toBeInstanceOf(BackendUnavailableError);
    await expect(start).rejects.toThrow("install the Debian package mariadb-server, or set MYSQL_URL");
  });
});
