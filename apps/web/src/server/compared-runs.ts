import type { RunResult } from "@relix/core/result/result-schema";
import type { ComparedRun } from "@/lib/compare/compare-rows";
import { resultOfRun } from "./run-result";
import { runner } from "./runner-client";

/** A run the comparison leaves out, and why. */
export interface LeftOutRun {
  id: string;
  problem: string;
}

type Loaded = { id: string; ok: true; result: RunResult } | { id: string; ok: false; problem: string };

async function load(id: string): Promise<Loaded> {
  const run = await runner().getRun(id);
  if (!run) return { id, ok: false, problem: "no such run" };
  if (run.status !== "done") return { id, ok: false, problem: `run is ${run.status}` };
  const outcome = await resultOfRun(runner(), run);
  if (!outcome) return { id, ok: false, problem: "no result" };
  return outcome.ok ? { id, ok: true, result: outcome.result } : { id, ok: false, problem: outcome.error };
}

/** The runs to compare, in URL order, and those left out; throws as the runner client does when it does not answer. */
export async function loadComparedRuns(
  ids: readonly string[],
): Promise<{ runs: ComparedRun[]; problems: LeftOutRun[] }> {
  const loaded = await Promise.all(ids.map(load));
  const runs: ComparedRun[] = loaded
    .filter((l): l is Extract<Loaded, { ok: true }> => l.ok)
    .map((l) => ({ id: l.id, result: l.result }));
  const problems = loaded.filter((l): l is Extract<Loaded, { ok: false }> => !l.ok);
  return { runs, problems };
}
