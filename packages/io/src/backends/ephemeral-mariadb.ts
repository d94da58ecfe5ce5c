import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { BackendUnavailableError } from "./backend-unavailable-error";
import { startEphemeralServer, type EphemeralServer } from "./ephemeral-server";
import { findExecutable, type FindExecutableOptions } from "./find-executable";
import { readMysqlVersion } from "./server-versions";

const run = promisify(execFile);

export interface EphemeralMysqlOptions extends FindExecutableOptions {
  /** The database created for the caller and named in the URL. */
  database?: string;
  startTimeoutMs?: number;
}

// Sized for a scratch instance: small buffers, no binlog, relaxed durability. Not for keeping data.
const SCRATCH_SETTINGS = [
  "--skip-name-resolve",
  "--skip-log-bin",
  "--innodb-buffer-pool-size=64M",
  "--innodb-log-file-size=16M",
  "--innodb-flush-log-at-trx-commit=2",
  "--character-set-server=utf8mb4",
  "--collation-server=utf8mb4_unicode_ci",
];

const dataDir = (dir: string): string => path.join(dir, "data");
const initFile = (dir: string): string => path.join(dir, "init.sql");

/**
 * Starts a private MariaDB on 127.0.0.1 (free port, fresh data dir in a temp dir) with a database
 * and a user `relix` with a random password, granted everything; the URL carries both.
 * root is reachable only through the unix socket inside the temp dir, never over TCP.
 * Throws BackendUnavailableError when MariaDB is not installed (or mysqld is Oracle MySQL).
 */
export async function startEphemeralMysql(options: EphemeralMysqlOptions = {}): Promise<EphemeralServer> {
  const database = options.database ?? "relix";
  if (!/^\w+$/.test(database)) throw new Error(`invalid database name ${JSON.stringify(database)}`);

  const { server, installer } = await findMariadb(options);
  const user = os.userInfo().username;
  const password = randomBytes(18).toString("hex");

  return startEphemeralServer({
    name: "mariadbd",
    tmpPrefix: "relix-mariadb-",
    command: server,
    prepare: async (dir) => {
      await installDataDir(installer, dir, user);
      await writeInitFile(dir, database, password);
    },
    args: (port, dir) => [
      "--no-defaults",
      // mariadbd refuses to run as root unless told to; as another user the flag is unnecessary.
      ...(process.getuid?.() === 0 ? ["--user=root"] : []),
      `--datadir=${dataDir(dir)}`,
      `--port=${port}`,
      "--bind-address=127.0.0.1",
      `--socket=${path.join(dir, "mysqld.sock")}`,
      `--pid-file=${path.join(dir, "mysqld.pid")}`,
      `--tmpdir=${dir}`,
      `--init-file=${initFile(dir)}`,
      ...SCRATCH_SETTINGS,
    ],
    probe: async (port) => {
      const url = `mysql://relix:${password}@127.0.0.1:${port}/${database}`;
      return { url, version: await readMysqlVersion(url, { timeoutMs: 2000 }) };
    },
    startTimeoutMs: options.startTimeoutMs ?? 60_000,
    stopGraceMs: 20_000,
  });
}

/**
 * MariaDB's server and its data-dir installer; BackendUnavailableError when either is missing or
 * the server is not MariaDB.
 */
async function findMariadb(options: FindExecutableOptions): Promise<{ server: string; installer: string }> {
  const server = await findExecutable(["mariadbd", "mysqld"], options);
  if (server === null) {
    throw new BackendUnavailableError(
      "mysql",
      "mariadbd (or mysqld) was not found on PATH, /usr/sbin or /usr/bin: install the Debian package mariadb-server, or set MYSQL_URL",
    );
  }
  const { stdout: serverVersion } = await run(server, ["--version"]);
  if (!/mariadb/i.test(serverVersion)) {
    throw new BackendUnavailableError(
      "mysql",
      `${server} is not MariaDB (${serverVersion.trim()}): ephemeral instances need MariaDB (Debian package mariadb-server), or set MYSQL_URL`,
    );
  }
  const installer = await findExecutable(["mariadb-install-db", "mysql_install_db"], {
    ...options,
    extraDirs: [path.dirname(server), ...(options.extraDirs ?? ["/usr/bin", "/usr/sbin", "/usr/local/bin"])],
  });
  if (installer === null) {
    throw new BackendUnavailableError(
      "mysql",
      "mariadb-install-db was not found (it ships with the Debian package mariadb-server): install it, or set MYSQL_URL",
    );
  }
  return { server, installer };
}

/** A fresh data dir in `dir`; on failure, the installer's last lines go into the error. */
async function installDataDir(installer: string, dir: string, user: string): Promise<void> {
  try {
    await run(
      installer,
      [
        "--no-defaults",
        `--datadir=${dataDir(dir)}`,
        // root authenticates by OS user over the private socket only: no password-less root on TCP.
        "--auth-root-authentication-method=socket",
        `--auth-root-socket-user=${user}`,
        "--skip-test-db",
        `--user=${user}`,
        ...SCRATCH_SETTINGS,
      ],
      { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    const { stdout = "", stderr = "", message } = error as { stdout?: string; stderr?: string; message: string };
    const tail = `${stdout}\n${stderr}`.trim().split("\n").slice(-30).join("\n");
    throw new Error(
      `${installer} failed to initialise ${dataDir(dir)}: ${message}\n--- last lines of its output ---\n${tail}`,
      {
        cause: error,
      },
    );
  }
}

// Runs inside the server before it takes connections, every start: creates the caller's login.
async function writeInitFile(dir: string, database: string, password: string): Promise<void> {
  await writeFile(
    initFile(dir),
    [
      `CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;`,
      `CREATE USER IF NOT EXISTS 'relix'@'127.0.0.1' IDENTIFIED BY '${password}';`,
      `GRANT ALL PRIVILEGES ON *.* TO 'relix'@'127.0.0.1';`,
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
}
