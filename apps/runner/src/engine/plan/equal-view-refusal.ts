import { specForWorkload, sweepLoadBase, type RunFact, type RunSpec } from "@relix/core";
import { RELIX_LOAD_EXECUTABLE } from "../../tools/relix-load";
import type { EngineContext } from "../engine-context";
import { equalClientGenerator } from "../measure/generators/equal-client-generator";

/**
 * Why one client for both cannot measure a spec beside the tools, or null when it can: it must have
 * been found (built) at start-up.
 */
export function equalViewRefusal(spec: RunSpec, context: Pick<EngineContext, "tools">): string | null {
  const refusal = equalClientGenerator.cannotRun?.(spec) ?? null;
  if (refusal) return refusal;
  const located = context.tools[RELIX_LOAD_EXECUTABLE.name];
  if (located?.path) return null;
  const why = located && located.path === null ? located.problem : "it was not looked for";
  return `relix-load, the client for both, is not built on this machine (${why})`;
}

/**
 * A run that promised every cell both ways (`clients: both`, or a sweep) and cannot keep that
 * promise for some workloads: one fact per reason, naming them, so the report says their verdicts
 * rest on the tools alone instead of leaving the reader to notice a missing view.
 */
export function equalViewsUnavailable(
  spec: RunSpec,
  workloads: readonly string[],
  context: Pick<EngineContext, "tools">,
): Extract<RunFact, { kind: "equal-clients-unavailable" }>[] {
  // An equal-client run has one view by design; a tools run adds the second only where it can.
  if (spec.clients === "equal" || !(spec.sweep || spec.clients === "both")) return [];
  const base = sweepLoadBase(spec);
  const byReason = new Map<string, string[]>();
  for (const workload of new Set(workloads)) {
    const reason = equalViewRefusal(specForWorkload(base, workload), context);
    if (reason) byReason.set(reason, [...(byReason.get(reason) ?? []), workload]);
  }
  return [...byReason].map(([reason, names]) => ({
    kind: "equal-clients-unavailable" as const,
    reason,
    workloads: names,
  }));
}
