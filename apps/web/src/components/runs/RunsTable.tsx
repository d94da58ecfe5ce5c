import Link from "next/link";
import type { RunSummary } from "@relix/core/runner-api/runs";
import { StatusPill } from "@/components/ui/StatusPill";
import { formatTimestamp } from "@/lib/format";
import { RunHeadline } from "./RunHeadline";

/** Every run, newest as the runner lists them, each with a box to pick it for the comparison. */
export function RunsTable({ runs, preselected }: { runs: readonly RunSummary[]; preselected: string | null }) {
  return (
    <div className="table-wrap">
      <table className="data" data-testid="runs">
        <thead>
          <tr>
            <th style={{ width: 36 }}>
              <span className="sr-only">Compare</span>
            </th>
            <th>Status</th>
            <th>Preset</th>
            <th>Created</th>
            <th>Headline (first cell, p50)</th>
            <th>Run</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <RunRow key={run.id} run={run} preselected={run.id === preselected} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RunRow({ run, preselected }: { run: RunSummary; preselected: boolean }) {
  return (
    <tr data-run={run.id}>
      <td>
        <input
          type="checkbox"
          name="runs"
          value={run.id}
          aria-label={`Compare run ${run.id}`}
          disabled={run.status !== "done"}
          defaultChecked={preselected}
        />
      </td>
      <td>
        <StatusPill status={run.status} />
        {run.imported ? (
          <span className="tag" style={{ marginLeft: 6 }}>
            imported
          </span>
        ) : null}
      </td>
      <td>{run.preset ? <code>{run.preset}</code> : <span className="muted">custom</span>}</td>
      <td className="num small">{formatTimestamp(run.createdAt)}</td>
      <td>
        <RunHeadline run={run} />
      </td>
      <td>
        <Link href={`/runs/${encodeURIComponent(run.id)}`} className="mono">
          {run.id}
        </Link>
      </td>
    </tr>
  );
}
