import { parseRunResult, type RunResult } from "@relix/core/result/result-schema";
import type { RunnerClient, RunView } from "./runner-client";

export type ResultOutcome = { ok: true; result: RunResult } | { ok: false; error: string };

/** Checks a stored result against relix.result/v1 before any page renders it. */
export function readResult(raw: unknown): ResultOutcome {
  try {
    return { ok: true, result: parseRunResult(raw) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** A finished run's result: the one its view carries, else its download; null when the runner has none. */
export async function resultOfRun(client: RunnerClient, run: RunView): Promise<ResultOutcome | null> {
  if (run.result !== null) return readResult(run.result);
  return client.getResult(run.id);
}
