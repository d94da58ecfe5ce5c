import { RunnerUnavailableError } from "./runner-errors";

const DEFAULT_TIMEOUT_MS = 10_000;

/** A request to the runner: its path under the runner's base URL, with an optional timeout of its own. */
export type RunnerFetch = (path: string, init?: RequestInit & { timeoutMs?: number }) => Promise<Response>;

/**
 * fetch bound to one runner: its base URL and token, JSON accepted, nothing cached, a timeout
 * unless the caller brings its own signal. A runner that cannot be reached is a RunnerUnavailableError.
 */
export function runnerFetchOf(baseUrl: string, token: string | undefined): RunnerFetch {
  return async (path, init = {}) => {
    const { timeoutMs = DEFAULT_TIMEOUT_MS, ...rest } = init;
    const signal = rest.signal ?? AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(new URL(path, baseUrl), {
        ...rest,
        signal,
        cache: "no-store",
        headers: {
          accept: "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(rest.headers as Record<string, string> | undefined),
        },
      });
    } catch (cause) {
      if (signal.aborted && rest.signal) throw cause;
      throw new RunnerUnavailableError(baseUrl, cause);
    }
  };
}

/** POSTs `body` as JSON. */
export const postJson = (runnerFetch: RunnerFetch, path: string, body: unknown, timeoutMs?: number) =>
  runnerFetch(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
    timeoutMs,
  });
