import type { z } from "zod";
import { parseRunResult, type RunResult } from "@relix/core/result/result-schema";
import { webEnv } from "./env";
import {
  apiErrorSchema,
  catalogSchema,
  importResponseSchema,
  presetListSchema,
  runDetailSchema,
  runIdSchema,
  runListSchema,
  specSchemaResponseSchema,
  startRunResponseSchema,
  type FieldError,
  type RunDetail,
} from "./runner-schemas";

// The one place the web app talks to the runner. Server-side only: the browser never learns the
// runner's address or token. Paths are fixed here; ids are checked before they go into a URL.

export class RunnerUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the runner is not reachable at ${webEnv().RUNNER_URL}`, { cause });
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

const DEFAULT_TIMEOUT_MS = 10_000;

function headers(extra?: Record<string, string>): Record<string, string> {
  const token = webEnv().RUNNER_TOKEN;
  return { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra };
}

function url(path: string): string {
  return new URL(path, webEnv().RUNNER_URL).toString();
}

export async function runnerFetch(path: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, ...rest } = init;
  const signal = rest.signal ?? AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url(path), {
      ...rest,
      signal,
      cache: "no-store",
      headers: headers(rest.headers as Record<string, string> | undefined),
    });
  } catch (cause) {
    if (signal.aborted && rest.signal) throw cause;
    throw new RunnerUnavailableError(cause);
  }
}

async function errorFrom(response: Response): Promise<RunnerHttpError> {
  const text = await response.text().catch(() => "");
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success)
      return new RunnerHttpError(response.status, parsed.data.error.message, parsed.data.error.fields ?? []);
  } catch {
    // not JSON: fall through
  }
  return new RunnerHttpError(
    response.status,
    `runner answered ${response.status}${text ? `: ${text.slice(0, 300)}` : ""}`,
  );
}

async function json<S extends z.ZodType>(response: Response, schema: S, what: string): Promise<z.infer<S>> {
  if (!response.ok) throw await errorFrom(response);
  const body: unknown = await response.json();
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`unexpected ${what} from the runner: ${issues.join("; ")}`);
  }
  return parsed.data;
}

export const isRunId = (id: string): boolean => runIdSchema.safeParse(id).success;

export async function listRuns() {
  return json(await runnerFetch("/api/runs"), runListSchema, "run list");
}

/** null when the runner does not know the id (the page shows a 404). */
export async function getRun(id: string): Promise<RunDetail | null> {
  if (!isRunId(id)) return null;
  const response = await runnerFetch(`/api/runs/${encodeURIComponent(id)}`);
  if (response.status === 404) return null;
  return json(response, runDetailSchema, "run");
}

export type ResultOutcome = { ok: true; result: RunResult } | { ok: false; error: string };

/** Checks a stored result against relix.result/v1 before any page renders it. */
export function readResult(raw: unknown): ResultOutcome {
  try {
    return { ok: true, result: parseRunResult(raw) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** The finished result of a run: from the run itself, else from /result. */
export async function getResult(id: string): Promise<ResultOutcome | null> {
  if (!isRunId(id)) return null;
  const response = await runnerFetch(`/api/runs/${encodeURIComponent(id)}/result`);
  if (response.status === 404) return null;
  if (!response.ok) throw await errorFrom(response);
  return readResult(await response.json());
}

export async function startRun(body: { preset?: string; spec?: Record<string, unknown> }) {
  const response = await runnerFetch("/api/runs", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  return json(response, startRunResponseSchema, "start answer");
}

export async function cancelRun(id: string): Promise<void> {
  if (!isRunId(id)) throw new RunnerHttpError(404, "unknown run");
  const response = await runnerFetch(`/api/runs/${encodeURIComponent(id)}/cancel`, { method: "POST" });
  if (!response.ok) throw await errorFrom(response);
}

export async function importResult(result: RunResult): Promise<string> {
  const response = await runnerFetch("/api/results", {
    method: "POST",
    body: JSON.stringify(result),
    headers: { "content-type": "application/json" },
    timeoutMs: 30_000,
  });
  return (await json(response, importResponseSchema, "import answer")).id;
}

export async function listPresets() {
  return json(await runnerFetch("/api/presets"), presetListSchema, "preset list");
}

export async function getCatalog() {
  return json(await runnerFetch("/api/catalog"), catalogSchema, "catalog");
}

export async function getSpecSchema() {
  return json(await runnerFetch("/api/spec-schema"), specSchemaResponseSchema, "spec schema");
}

/** Opens the runner's SSE stream; the caller owns the body. */
export async function openEvents(id: string, lastEventId: string | null, signal: AbortSignal): Promise<Response> {
  return runnerFetch(`/api/runs/${encodeURIComponent(id)}/events`, {
    signal,
    headers: { accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
  });
}
