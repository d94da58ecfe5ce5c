import Link from "next/link";
import { specSummary } from "@/lib/run-spec-summary";
import type { RunView } from "@/server/runner-client";

/** A run that failed or was cancelled: why, what it was asked to measure, and a way to start it again. */
export function RunEnded({ run, preset }: { run: RunView; preset: string | null }) {
  return (
    <div className="stack">
      <div
        className={run.status === "failed" ? "banner banner-bad" : "banner banner-info"}
        role="status"
        data-testid="run-ended"
      >
        <strong>{run.status === "failed" ? "This run failed." : "This run was cancelled."}</strong> {run.reason ?? ""}
      </div>
      <div className="card card-pad">
        <h3>What it was asked to measure</h3>
        <p className="muted small" style={{ marginTop: 4 }}>
          {specSummary(run.spec)}
        </p>
        <pre className="spec" style={{ marginTop: 10 }}>
          {JSON.stringify(run.spec ?? {}, null, 2)}
        </pre>
        <div className="row" style={{ marginTop: 12 }}>
          <Link className="btn btn-primary" href={preset ? `/?preset=${encodeURIComponent(preset)}` : "/"}>
            Start a new run
          </Link>
        </div>
      </div>
    </div>
  );
}
