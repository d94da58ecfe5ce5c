import { unavailable } from "@relix/core";

/**
 * The one list of mysql2 / socket error codes that mean "the database cannot be used", not "the
 * query is wrong": the services answer 503 / UNAVAILABLE for them, the runner's HTTP service 503,
 * and the runner's results store waits for the transient ones at start-up.
 *
 * transient: the server is not there yet, or went away (a container still starting, a restart);
 * waiting may fix it. lasting: it answers but will not serve us (credentials, database, schema, our
 * own pool closed); waiting will not.
 */
export const DATABASE_DOWN_CODES = {
  ECONNREFUSED: "transient",
  ECONNRESET: "transient",
  ETIMEDOUT: "transient",
  EHOSTUNREACH: "transient",
  // A compose service name resolves only once its container exists.
  ENOTFOUND: "transient",
  EPIPE: "transient",
  PROTOCOL_CONNECTION_LOST: "transient",
  PROTOCOL_SEQUENCE_TIMEOUT: "transient",
  ER_CON_COUNT_ERROR: "transient",
  ER_SERVER_SHUTDOWN: "transient",
  // Ours (mysql-store.ts): a call that had no answer within its deadline, waiting for a pooled
  // connection included, and a call refused because the pool's queue was full (mysql2 gives that
  // error no code; codeOf names it). Both mean the database is hung or swamped, for now.
  QUERY_DEADLINE_EXCEEDED: "transient",
  POOL_QUEUE_FULL: "transient",
  ER_ACCESS_DENIED_ERROR: "lasting",
  ER_BAD_DB_ERROR: "lasting",
  ER_NO_SUCH_TABLE: "lasting",
  POOL_CLOSED: "lasting",
} as const satisfies Record<string, "transient" | "lasting">;

/** What mysql2's pool rejects a caller with when `queueLimit` callers are already waiting. */
const MYSQL2_QUEUE_FULL_MESSAGE = "Queue limit reached.";

function codeOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  if (error instanceof Error && error.message === MYSQL2_QUEUE_FULL_MESSAGE) return "POOL_QUEUE_FULL";
  const { code } = error as { code?: unknown };
  return typeof code === "string" && Object.hasOwn(DATABASE_DOWN_CODES, code) ? code : null;
}

/** The database cannot be used: a code of the list, or an error mysql2 marks fatal for its connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return codeOf(error) !== null || (error as { fatal?: unknown } | null)?.fatal === true;
}

/** The database is not reachable yet, or went away: worth trying again shortly. */
export function isDatabaseUnavailableForNow(error: unknown): boolean {
  const code = codeOf(error);
  return code !== null && DATABASE_DOWN_CODES[code as keyof typeof DATABASE_DOWN_CODES] === "transient";
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
