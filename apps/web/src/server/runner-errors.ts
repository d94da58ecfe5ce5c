import type { FieldError } from "@relix/core/runner-api/errors";

/** The runner did not answer at all (down, wrong RUNNER_URL, timed out). */
export class RunnerUnavailableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`the runner is not reachable at ${url}`, { cause });
    this.name = "RunnerUnavailableError";
  }
}

/** A 4xx/5xx answer from the runner, with its message and field errors when it gave them. */
export class RunnerHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = "RunnerHttpError";
  }
}

/** A runner failure a page can explain instead of crashing: unreachable, or refusing the token. */
export function explainRunnerError(error: unknown): string | null {
  if (error instanceof RunnerUnavailableError) return error.message;
  if (error instanceof RunnerHttpError && (error.status === 401 || error.status === 403)) {
    return `the runner refused this app (${error.status}: ${error.message}); check RUNNER_TOKEN.`;
  }
  return null;
}
