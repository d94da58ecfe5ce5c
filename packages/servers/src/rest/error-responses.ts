import type { ErrorRequestHandler, Response } from "express";
import { DomainError, type DomainErrorKind } from "@relix/core";

/** The one table from domain errors to HTTP statuses. */
const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid_argument: 400,
  not_found: 404,
  too_large: 413,
  unavailable: 503,
};

/** An HTTP error answer, the same on every HTTP stack: `{ error: { code, message, field? } }`. */
export interface ErrorResponse {
  status: number;
  code: string;
  message: string;
  field?: string;
}

export const errorBodyOf = ({ code, message, field }: ErrorResponse) =>
  JSON.stringify({ error: { code, message, ...(field ? { field } : {}) } });

export function domainErrorResponse(error: DomainError): ErrorResponse {
  return { status: STATUS_BY_KIND[error.kind], code: error.kind, message: error.message, field: error.field };
}

/**
 * Any failure -> its answer: domain errors by the table above; body failures (body-parser's
 * `type`s, which the other stacks' body reader uses too) as 4xx with a clear message; anything
 * unexpected is logged and answered 500 without leaking internals.
 */
export function errorResponseOf(error: unknown, server = "rest-api"): ErrorResponse {
  if (error instanceof DomainError) return domainErrorResponse(error);
  const type = (error as { type?: string }).type;
  if (type === "entity.too.large") {
    const limit = (error as { limit?: number }).limit;
    return { status: 413, code: "too_large", message: `body: larger than the limit of ${limit} bytes`, field: "body" };
  }
  if (type === "entity.parse.failed")
    return { status: 400, code: "invalid_argument", message: "body: is not valid JSON", field: "body" };
  if (type === "encoding.unsupported" || type === "charset.unsupported")
    return { status: 415, code: "unsupported", message: "body: unsupported encoding", field: "body" };
  if (type === "content.unsupported")
    return {
      status: 415,
      code: "unsupported",
      message: "body: content type not accepted by this stack",
      field: "body",
    };
  // A path that cannot be decoded (e.g. /v1/items/%zz) names the path as the field at fault.
  if (error instanceof URIError)
    return { status: 400, code: "invalid_argument", message: `path: ${error.message}`, field: "path" };
  const status = (error as { status?: number }).status;
  if (typeof status === "number" && status >= 400 && status < 500)
    return { status, code: "bad_request", message: String((error as Error).message) };
  console.error(`${server}: unexpected error`, error);
  return { status: 500, code: "internal", message: "internal error" };
}

export function notFoundResponse(method: string, path: string): ErrorResponse {
  return { status: 404, code: "not_found", message: `no route for ${method} ${path}` };
}

export function sendError(res: Response, status: number, code: string, message: string, field?: string) {
  res.status(status).json({ error: { code, message, ...(field ? { field } : {}) } });
}

export function sendDomainError(res: Response, error: DomainError) {
  const { status, code, message, field } = domainErrorResponse(error);
  sendError(res, status, code, message, field);
}

export const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, code, message, field } = errorResponseOf(error);
  sendError(res, status, code, message, field);
};
