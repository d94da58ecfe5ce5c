import type { ErrorBody, ErrorCode, FieldError } from "@relix/core/runner-api/errors";

export type { ErrorBody, FieldError };

/**
 * Every error response has this shape (@relix/core/runner-api/errors): `{ error: { code, message,
 * fields? } }`. `code` is stable for programs (the web app), `message` is for people, `fields`
 * lists every field at fault so a form can show each one beside its input.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }

  get body(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const invalidRequest = (message: string, fields: FieldError[]) =>
  new HttpError(400, "invalid_request", message, fields);
export const runNotFound = () => new HttpError(404, "not_found", "no run with this id");
