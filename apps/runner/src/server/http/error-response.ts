import type { ServerResponse } from "node:http";
import { isDatabaseUnavailable } from "@relix/io/repository/database-errors";
import { ResultTooLargeError, RunStateError } from "../../store/results-store";
import { HttpError } from "./http-error";
import { ImportTooCostlyError, InvalidResultError } from "../result-import/import-check";
import type { Logger } from "../logger";
import { sendJson } from "./respond";
import { QueueClosedError } from "../runs/run-queue";
import { QueueFullError } from "../runs/run-service";

/** The one table from errors to HTTP answers. Bad input is always 4xx; a 500 is a bug, logged. */
export function toHttpError(error: unknown, log: Logger): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof InvalidResultError) return new HttpError(400, "invalid_result", error.message, error.fields);
  if (error instanceof ResultTooLargeError || error instanceof ImportTooCostlyError) {
    return new HttpError(413, "too_large", error.message);
  }
  if (error instanceof QueueFullError)
    return new HttpError(429, "queue_full", error.message, undefined, { "retry-after": "60" });
  if (error instanceof QueueClosedError) return new HttpError(503, "shutting_down", error.message);
  if (error instanceof RunStateError) return new HttpError(409, "conflict", error.message);
  if (isDatabaseUnavailable(error)) {
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
