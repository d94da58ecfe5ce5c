/**
 * Domain errors. Each transport maps them in one table (HTTP status / gRPC status code),
 * so the services never know which protocol they are serving.
 */
export type DomainErrorKind = "invalid_argument" | "not_found" | "too_large" | "unavailable";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The request field at fault, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalidArgument = (field: string, message: string) =>
  new DomainError("invalid_argument", `${field}: ${message}`, field);
export const notFound = (what: string) => new DomainError("not_found", `${what} not found`);
export const tooLarge = (message: string) => new DomainError("too_large", message);
export const unavailable = (message: string) => new DomainError("unavailable", message);
