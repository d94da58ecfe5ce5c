import Link from "next/link";
import type { RunSummary } from "@relix/core/runner-api/runs";
import { RunsTable } from "./RunsTable";

/** The run list as a form: the ticked runs go to /compare as ?runs=, so the comparison is a plain GET. */
export function CompareRunsForm({ runs, preselected }: { runs: readonly RunSummary[]; preselected: string | null }) {
  return (
    <form action="/compare" method="get" className="card" data-testid="runs-form">
      {runs.length === 0 ? (
        <div className="empty">
          No runs yet. <Link href="/">Start one</Link> or import a result below.
        </div>
      ) : (
        <RunsTable runs={runs} preselected={preselected} />
      )}
      {runs.length > 0 ? (
        <div className="row card-pad" style={{ borderTop: "1px solid var(--line)" }}>
          <button type="submit" className="btn" data-testid="compare-selected">
            Compare selected
          </button>
          <span className="muted small">Only finished runs can be compared.</span>
        </div>
      ) : null}
    </form>
  );
}
