/** One problem with one field of a request body; `path` is dotted (`spec.workloads.0`), "" for the body itself. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * Every error response has this shape: `{ error: { code, message, fields? } }`. `code` is stable
 * for programs (the web app), `message` is for people, `fields` lists every field at fault so a
 * form can show each one beside its input.
 */
export interface ErrorBody {
  error: { code: string; message: string; fields?: FieldError[] };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
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
