/**
 * A side whose client cannot see its failures (the equal client reads no gRPC trailers, so a
 * failed call is an HTTP 200 to it; nor a status line without a reason phrase, as Tomcat writes
 * them) takes them from the server's own counters instead. The server
 * counts over the tool's runs around the window (warm-up or lead-ins and tails included), so its
 * failures are scaled to the window's share of the calls it served, rounded up: a failure the
 * server saw is never left counted as a success.
 */
import type { ClientRecord } from "@relix/core";

/** The code under which such failures are counted in the measure's `errors.byCode`. */
export const SERVER_COUNTED_FAILURE_CODE = "not-ok (server count)";

export interface ServerCountedFailures {
  /** Calls of the window to move from successes to errors. */
  failedInWindow: number;
  /** The client record with what the server counted, for the measure. */
  client: ClientRecord;
}

/**
 * The failures to count in the window, or null when the side's client counts its own errors.
 * `windowCalls`: the calls the client completed in the window, all of them seen as successes.
 */
export function serverCountedFailures(
  client: ClientRecord | undefined,
  windowCalls: number,
  server: { requests: number; failed: number },
): ServerCountedFailures | null {
  if (client?.errorsCountedBy !== "server-counters") return null;
  const calls = Math.max(0, server.requests);
  const failed = Math.max(0, Math.min(server.failed, calls));
  const share = calls > 0 ? windowCalls / calls : 0;
  return {
    failedInWindow: Math.min(windowCalls, Math.ceil(failed * share)),
    client: { ...client, serverCounted: { calls, failed } },
  };
}
