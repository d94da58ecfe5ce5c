import { invalidRunRequestMessage, resolveRunRequest, type RunFieldTable, type RunSpec } from "@relix/core";
import { invalidRequest } from "./http-error";
import type { PresetCatalog } from "../presets/preset-catalog";

export interface RunRequest {
  spec: RunSpec;
  preset: string | null;
}

/**
 * The body of POST /api/runs (`{ preset?, spec? }`) -> a complete, bounded RunSpec: the preset's
 * spec (if any) with the given fields over it, resolved by @relix/core (run-request/). Throws a
 * 400 HttpError listing every field at fault. `fields` is the run-field table (a test's copy).
 */
export function parseRunRequest(body: unknown, presets: PresetCatalog, fields?: RunFieldTable): RunRequest {
  const resolved = resolveRunRequest(body, { presets, ...(fields ? { fields } : {}) });
  if (!resolved.ok) throw invalidRequest(invalidRunRequestMessage(resolved.errors), resolved.errors);
  return { spec: resolved.spec, preset: resolved.preset };
}
