import { z } from "zod";
import { isRunId } from "@relix/core/ids/run-id";
import type { RunResult } from "@relix/core/result/result-schema";
import {
  catalogResponseSchema,
  healthResponseSchema,
  presetsResponseSchema,
  specSchemaResponseSchema,
} from "@relix/core/runner-api/reference";
import {
  cancelRunResponseSchema,
  importedRunSchema,
  runDetailSchema,
  runListResponseSchema,
  submittedRunSchema,
} from "@relix/core/runner-api/runs";
import { webEnv } from "./env";
import { readResult, type ResultOutcome } from "./result-check";
import { errorFrom, json } from "./runner-answers";
import { RunnerHttpError } from "./runner-errors";
import { postJson, runnerFetchOf } from "./runner-fetch";

// The one place the web app talks to the runner, through the runner's own schemas
// (@relix/core/runner-api). Server-side only: the browser never learns the runner's address or
// token. Paths are fixed here; ids are checked before they go into a URL.

/**
 * GET /api/runs/:id, with the result left unchecked: the run page reads it with readResult, so a
 * result that does not parse is shown as such on the page instead of failing the whole page.
 */
const runViewSchema = runDetailSchema.extend({ result: z.unknown() });
export type RunView = z.infer<typeof runViewSchema>;

export interface RunnerClientOptions {
  /** The runner's base URL (RUNNER_URL). */
  url: string;
  /** Sent as `Authorization: Bearer` (RUNNER_TOKEN). */
  token?: string;
}

export { isRunId };

const runPath = (id: string, rest = "") => `/api/runs/${encodeURIComponent(id)}${rest}`;

export function createRunnerClient({ url: baseUrl, token }: RunnerClientOptions) {
  const runnerFetch = runnerFetchOf(baseUrl, token);
  return {
    async listRuns() {
      return (await json(await runnerFetch("/api/runs"), runListResponseSchema, "run list")).runs;
    },

    /** null when the runner does not know the id (the page shows a 404). */
    async getRun(id: string): Promise<RunView | null> {
      if (!isRunId(id)) return null;
      const response = await runnerFetch(runPath(id));
      if (response.status === 404) return null;
      return json(response, runViewSchema, "run");
    },

    /** GET /api/runs/:id/result, checked; null for an unknown run. */
    async getResult(id: string): Promise<ResultOutcome | null> {
      if (!isRunId(id)) return null;
      const response = await runnerFetch(runPath(id, "/result"));
      if (response.status === 404) return null;
      if (!response.ok) throw await errorFrom(response);
      return readResult(await response.json());
    },

    async startRun(body: { preset?: string; spec?: Record<string, unknown> }) {
      return json(await postJson(runnerFetch, "/api/runs", body), submittedRunSchema, "start answer");
    },

    async cancelRun(id: string) {
      if (!isRunId(id)) throw new RunnerHttpError(404, "unknown run");
      return json(await runnerFetch(runPath(id, "/cancel"), { method: "POST" }), cancelRunResponseSchema, "cancel");
    },

    /** Stores a result measured elsewhere; returns its new run id. */
    async importResult(result: RunResult): Promise<string> {
      return (
        await json(await postJson(runnerFetch, "/api/results", result, 30_000), importedRunSchema, "import answer")
      ).id;
    },

    async listPresets() {
      return (await json(await runnerFetch("/api/presets"), presetsResponseSchema, "preset list")).presets;
    },

    async getCatalog() {
      return json(await runnerFetch("/api/catalog"), catalogResponseSchema, "catalog");
    },

    /** GET /healthz: whether it is busy, and the services it drives. */
    async getHealth() {
      return json(await runnerFetch("/healthz"), healthResponseSchema, "health");
    },

    async getSpecSchema() {
      return json(await runnerFetch("/api/spec-schema"), specSchemaResponseSchema, "spec schema");
    },

    /** Opens the run's SSE stream; the caller owns the body (event-proxy.ts validates each event). */
    openEvents(id: string, lastEventId: string | null, signal: AbortSignal): Promise<Response> {
      return runnerFetch(runPath(id, "/events"), {
        signal,
        headers: { accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
      });
    },
  };
}

export type RunnerClient = ReturnType<typeof createRunnerClient>;

let configured: RunnerClient | undefined;

/** The runner this app is configured with (RUNNER_URL, RUNNER_TOKEN). */
export function runner(): RunnerClient {
  const env = webEnv();
  configured ??= createRunnerClient({ url: env.RUNNER_URL, token: env.RUNNER_TOKEN });
  return configured;
}
