import { Redis } from "ioredis";
import mysql, { type RowDataPacket } from "mysql2/promise";
import { redactUrl } from "./redact-url";

export interface ReadVersionOptions {
  /** Connect and query timeout; short by default because the callers poll or report. */
  timeoutMs?: number;
}

/** `redis_version` from the text of `INFO server`, or null when absent. */
export function parseRedisVersion(info: string): string | null {
  const match = /^redis_version:(.+)$/m.exec(info);
  return match?.[1]?.trim() ?? null;
}

/** The version of the Redis server at `url` (INFO server -> redis_version). */
export async function readRedisVersion(url: string, options: ReadVersionOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 2000;
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // connect() only says "Connection is closed."; the socket's own error (ECONNREFUSED...) comes here.
  let socketError: unknown;
  client.on("error", (error) => {
    socketError ??= error;
  });
  try {
    await client.connect();
    const version = parseRedisVersion(await client.info("server"));
    if (version === null) throw new Error("INFO server has no redis_version");
    return version;
  } catch (error) {
    const cause = socketError ?? error;
    throw new Error(`could not read the Redis version at ${redactUrl(url)}: ${messageOf(cause)}`, { cause });
  } finally {
    client.disconnect();
  }
}

/** The version of the MySQL/MariaDB server at `url` (SELECT VERSION()). */
export async function readMysqlVersion(url: string, options: ReadVersionOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 2000;
  let connection: mysql.Connection | undefined;
  try {
    connection = await mysql.createConnection({ uri: url, connectTimeout: timeoutMs });
    const [rows] = await connection.query<RowDataPacket[]>({ sql: "SELECT VERSION() AS version", timeout: timeoutMs });
    const version: unknown = rows[0]?.version;
    if (typeof version !== "string") throw new Error("SELECT VERSION() returned no string");
    return version;
  } catch (error) {
    throw new Error(`could not read the MySQL version at ${redactUrl(url)}: ${messageOf(error)}`, { cause: error });
  } finally {
    await connection?.end().catch(() => connection?.destroy());
  }
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(messageOf).join("; ");
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}
