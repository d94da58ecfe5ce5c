import { workloads as sharedWorkloads } from "@relix/core/catalog/catalog";
import { LiveRun } from "@/components/live/LiveRun";
import { Report } from "@/components/report/Report";
import { specSummary } from "@/lib/run-spec-summary";
import type { ResultOutcome } from "@/server/run-result";
import type { RunView } from "@/server/runner-client";
import { RunEnded } from "./RunEnded";

const labels: Record<string, string> = Object.fromEntries(sharedWorkloads.map((w) => [w.id, w.label]));

/** What the permalink shows under its title: the live run, the report, or how the run ended. */
export function RunStage({
  run,
  outcome,
  preset,
}: {
  run: RunView;
  outcome: ResultOutcome | null;
  preset: string | null;
}) {
  if (run.status === "queued" || run.status === "running") {
    const cellSeconds =
      typeof run.spec?.durationMs === "number" && typeof run.spec?.warmupMs === "number"
        ? Math.ceil((run.spec.durationMs + run.spec.warmupMs) / 1000)
        : null;
    return (
      <LiveRun
        id={run.id}
        status={run.status}
        position={run.position}
        labels={labels}
        cellSeconds={cellSeconds}
        summary={specSummary(run.spec)}
      />
    );
  }
  if (run.status !== "done") return <RunEnded run={run} preset={preset} />;
  if (outcome?.ok) return <Report result={outcome.result} />;
  return (
    <div className="banner banner-bad" role="alert">
      <strong>This run finished, but its result cannot be shown.</strong>{" "}
      {outcome ? outcome.error : "The runner has no result for it."}
    </div>
  );
}
