import type { RunResult } from "@relix/core/result/result-schema";
import Link from "next/link";

/** A finished run's downloads, and the way to compare it with others. */
export function RunExports({ id, result }: { id: string; result: RunResult }) {
  return (
    <div className="row" data-testid="exports">
      <a className="btn btn-small" href={`/api/runs/${encodeURIComponent(id)}/export/json`} download>
        Result JSON
      </a>
      <a className="btn btn-small" href={`/api/runs/${encodeURIComponent(id)}/export/csv`} download>
        CSV
      </a>
      <a className="btn btn-small" href={`/api/runs/${encodeURIComponent(id)}/export/md`} download>
        Markdown
      </a>
      {result.sweep ? (
        <a className="btn btn-small" href={`/api/runs/${encodeURIComponent(id)}/export/sweep-csv`} download>
          Sweep CSV
        </a>
      ) : null}
      <Link className="btn btn-small" href={`/runs?compare=${encodeURIComponent(id)}`}>
        Compare…
      </Link>
    </div>
  );
}
