import type { ErrorRequestHandler, Response } from "express";
import { DomainError, type DomainErrorKind } from "@relix/core";

/** The one table from domain errors to HTTP statuses. */
const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid_argument: 400,
  not_found: 404,
  too_large: 413,
  unavailable: 503,
};

export function sendError(res: Response, status: number, code: string, message: string, field?: string) {
  res.status(status).json({ error: { code, message, ...(field ? { field } : {}) } });
}

export function sendDomainError(res: Response, error: DomainError) {
  sendError(res, STATUS_BY_KIND[error.kind], error.kind, error.message, error.field);
}

/**
 * Last-resort handler: body-parser failures become 4xx with a clear message; anything
 * unexpected is logged and answered 500 without leaking internals.
 */
export const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof DomainError) return sendDomainError(res, error);
  const type = (error as { type?: string }).type;
  if (type === "entity.too.large")
    return sendError(
      res,
      413,
      "too_large",
      `body: larger than the limit of ${(error as { limit?: number }).limit} bytes`,
      "body",
    );
  if (type === "entity.parse.failed") return sendError(res, 400, "invalid_argument", "body: is not valid JSON", "body");
  if (type === "encoding.unsupported" || type === "charset.unsupported")
    return sendError(res, 415, "unsupported", "body: unsupported encoding", "body");
  // A path that cannot be decoded (e.g. /v1/items/%zz) names the path as the field at fault.
  if (error instanceof URIError) return sendError(res, 400, "invalid_argument", `path: ${error.message}`, "path");
  const status = (error as { status?: number }).status;
  if (typeof status === "number" && status >= 400 && status < 500)
    return sendError(res, status, "bad_request", String((error as Error).message));
  console.error("rest-api: unexpected error", error);
  sendError(res, 500, "internal", "internal error");
};
