import { parseRunResult, type RunResult } from "@relix/core/result/result-schema";

export type ResultOutcome = { ok: true; result: RunResult } | { ok: false; error: string };

/** Checks a stored result against relix.result/v1 before any page renders it. */
export function readResult(raw: unknown): ResultOutcome {
  try {
    return { ok: true, result: parseRunResult(raw) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
