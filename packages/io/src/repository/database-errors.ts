import { unavailable } from "@relix/core";

/** mysql2 / socket error codes that mean "the database cannot be reached", not "the query is wrong". */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ER_CON_COUNT_ERROR",
  "ER_SERVER_SHUTDOWN",
  "ER_ACCESS_DENIED_ERROR",
  "ER_BAD_DB_ERROR",
  "ER_NO_SUCH_TABLE",
  "POOL_CLOSED",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, fatal } = error as { code?: unknown; fatal?: unknown };
  return fatal === true || (typeof code === "string" && CONNECTION_CODES.has(code));
}

/** Runs a store call and turns an outage into the domain's `unavailable` (503 / UNAVAILABLE). */
export async function guardDatabase<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw unavailable("database unavailable");
    throw error;
  }
}
