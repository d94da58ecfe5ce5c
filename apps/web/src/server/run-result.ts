import { readResult, type ResultOutcome } from "./result-check";
import type { RunnerClient, RunView } from "./runner-client";

export { readResult, type ResultOutcome } from "./result-check";

/** A finished run's result: the one its view carries, else its download; null when the runner has none. */
export async function resultOfRun(client: RunnerClient, run: RunView): Promise<ResultOutcome | null> {
  if (run.result !== null) return readResult(run.result);
  return client.getResult(run.id);
}
