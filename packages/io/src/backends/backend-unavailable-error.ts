export type BackendName = "redis" | "mysql";

/**
 * A backend cannot be started on this machine (its server is not installed, or is an unsupported
 * flavour). Callers may fall back to something else; any other start-up error is a real failure.
 */
export class BackendUnavailableError extends Error {
  override readonly name = "BackendUnavailableError";

  constructor(
    readonly backend: BackendName,
    message: string,
  ) {
    super(message);
  }
}
