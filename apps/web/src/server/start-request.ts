import type { FieldError } from "@relix/core/runner-api/errors";
import { runRequestSchema, type RunRequest } from "@relix/core/run-request/envelope";
import { invalidRunRequestMessage } from "@relix/core/run-request/field-errors";
import { resolveRunRequest } from "@relix/core/run-request/resolve-run-request";

// What the browser may send to start a run: @relix/core's run request, a preset name and spec
// fields and nothing else (never a URL, a host or a port). It is resolved here as the runner will
// resolve it, so every field at fault is answered before anything leaves the web app; the runner
// resolves it again and is the source of truth.

export const startRequestSchema = runRequestSchema;
export type StartRequest = RunRequest;

export type StartRequestCheck =
  { ok: true; request: StartRequest } | { ok: false; message: string; fields: FieldError[] };

/** The body of POST /api/runs -> the request to pass on unchanged, or why it cannot start a run. */
export function checkStartRequest(body: unknown): StartRequestCheck {
  const resolved = resolveRunRequest(body);
  if (resolved.ok) return { ok: true, request: resolved.request };
  return { ok: false, message: invalidRunRequestMessage(resolved.errors), fields: resolved.errors };
}
