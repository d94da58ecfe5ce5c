import { RunnerHttpError, RunnerUnavailableError } from "./runner-client";

/** A runner failure a page can explain instead of crashing: unreachable, or refusing the token. */
export function explainRunnerError(error: unknown): string | null {
  if (error instanceof RunnerUnavailableError) return error.message;
  if (error instanceof RunnerHttpError && (error.status === 401 || error.status === 403)) {
    return `the runner refused this app (${error.status}: ${error.message}); check RUNNER_TOKEN.`;
  }
  return null;
}
