import Link from "next/link";
import type { ComparedRun } from "@/lib/compare/compare-rows";
import { formatTimestamp } from "@/lib/format";
import { describeEnvironment, describeLoad } from "@/lib/report/run-description";
import { runColor } from "@/lib/run-colors";

/** The compared runs, one row each, in the colour their bars have in the charts below. */
export function CompareRunsTable({ runs }: { runs: readonly ComparedRun[] }) {
  return (
    <div className="card table-wrap">
      <table className="data" data-testid="compare-runs">
        <thead>
          <tr>
            <th>Run</th>
            <th>Preset</th>
            <th>Measured</th>
            <th>Load</th>
            <th>Environment</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r, i) => (
            <tr key={r.id}>
              <td style={{ whiteSpace: "nowrap" }}>
                <span
                  style={{
                    display: "inline-block",
                    width: 10,
                    height: 10,
                    borderRadius: 2,
                    background: runColor(i),
                    marginRight: 6,
                  }}
                />
                <Link href={`/runs/${encodeURIComponent(r.id)}`} className="mono">
                  #{i + 1} {r.id}
                </Link>
              </td>
              <td>
                {r.result.spec.preset ? <code>{r.result.spec.preset}</code> : <span className="muted">custom</span>}
              </td>
              <td className="small num">{formatTimestamp(r.result.createdAt)}</td>
              <td className="small">{describeLoad(r.result)}</td>
              <td className="small">{describeEnvironment(r.result)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
