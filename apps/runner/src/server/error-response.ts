import type { ServerResponse } from "node:http";
import { InvalidResultError } from "../store/import-result";
import { ResultTooLargeError, RunStateError } from "../store/results-store";
import { fieldErrors } from "./field-errors";
import { HttpError } from "./http-error";
import type { Logger } from "./logger";
import { sendJson } from "./respond";
import { QueueClosedError } from "./run-queue";
import { QueueFullError } from "./run-service";

/** Error codes of mysql2 and of sockets that mean "the database is not reachable" (503, not 500). */
const DATABASE_DOWN = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "PROTOCOL_CONNECTION_LOST",
  "ER_CON_COUNT_ERROR",
  "ER_SERVER_SHUTDOWN",
  "POOL_CLOSED",
]);

/** The one table from errors to HTTP answers. Bad input is always 4xx; a 500 is a bug, logged. */
export function toHttpError(error: unknown, log: Logger): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof InvalidResultError) {
    return new HttpError(400, "invalid_result", error.message, fieldErrors(error.issues));
  }
  if (error instanceof ResultTooLargeError) return new HttpError(413, "too_large", error.message);
  if (error instanceof QueueFullError)
    return new HttpError(429, "queue_full", error.message, undefined, { "retry-after": "60" });
  if (error instanceof QueueClosedError) return new HttpError(503, "shutting_down", error.message);
  if (error instanceof RunStateError) return new HttpError(409, "conflict", error.message);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && DATABASE_DOWN.has(code)) {
    log.error("the results database is not reachable", error);
    return new HttpError(503, "unavailable", "the results database is not reachable; try again shortly", undefined, {
      "retry-after": "5",
    });
  }
  log.error("unexpected error while serving a request", error);
  return new HttpError(500, "internal", "the runner failed to answer this request (see its log)");
}

export function sendError(res: ServerResponse, error: unknown, log: Logger): void {
  const http = toHttpError(error, log);
  if (res.headersSent) {
    // An SSE stream or a half-written answer: nothing sensible can be added, only ended.
    res.end();
    return;
  }
  sendJson(res, http.status, http.body, http.headers);
}
