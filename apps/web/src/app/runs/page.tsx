import type { Metadata } from "next";
import Link from "next/link";
import { RunnerDown } from "@/components/ui/RunnerDown";
import { StatusPill } from "@/components/ui/StatusPill";
import { Winner } from "@/components/ui/Proto";
import { formatTimestamp } from "@/lib/format";
import type { RunSummary } from "@relix/core/runner-api/runs";
import { runner } from "@/server/runner-client";
import { explainRunnerError } from "@/server/runner-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Runs" };

type Search = Promise<Record<string, string | string[] | undefined>>;

function Headline({ run }: { run: RunSummary }) {
  const h = run.headline;
  if (run.status === "failed") return <span className="error-text">{run.reason ?? "failed"}</span>;
  if (!h) return <span className="muted">–</span>;
  const more = h.cells > 1 ? ` (+${h.cells - 1} more cell${h.cells > 2 ? "s" : ""})` : "";
  const where = `${h.workload}${h.cacheMode !== "none" ? ` ${h.cacheMode}` : ""}: `;
  return (
    <span>
      <span className="muted">{where}</span>
      <Winner winner={h.winner}>{h.verdict}</Winner>
      <span className="muted small">{more}</span>
    </span>
  );
}

export default async function RunsPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const preselected = typeof params.compare === "string" ? params.compare : null;
  const importError = typeof params.import_error === "string" ? params.import_error : null;
  let runs: RunSummary[] | null = null;
  let down: string | null = null;
  try {
    runs = await runner().listRuns();
  } catch (error) {
    down = explainRunnerError(error);
    if (down === null) throw error;
  }

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Runs</h1>
          <p>Every run is a permalink. Tick two or more finished runs to compare them side by side.</p>
        </div>
        <Link className="btn btn-primary" href="/">
          New run
        </Link>
      </div>

      {down !== null ? <RunnerDown message={down} /> : null}

      {runs !== null ? (
        <form action="/compare" method="get" className="card" data-testid="runs-form">
          {runs.length === 0 ? (
            <div className="empty">
              No runs yet. <Link href="/">Start one</Link> or import a result below.
            </div>
          ) : (
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
                    <tr key={run.id} data-run={run.id}>
                      <td>
                        <input
                          type="checkbox"
                          name="runs"
                          value={run.id}
                          aria-label={`Compare run ${run.id}`}
                          disabled={run.status !== "done"}
                          defaultChecked={run.id === preselected}
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
                        <Headline run={run} />
                      </td>
                      <td>
                        <Link href={`/runs/${encodeURIComponent(run.id)}`} className="mono">
                          {run.id}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
      ) : null}

      <section className="section card card-pad" id="import">
        <h2>Import a result</h2>
        <p className="section-sub" style={{ marginTop: 4 }}>
          A <code>relix.result/v1</code> JSON from <code>pnpm bench --json FILE</code> (or a download from another
          Relix) gets its own permalink here.
        </p>
        {importError ? (
          <div
            className="banner banner-bad"
            role="alert"
            style={{ marginBottom: 12, whiteSpace: "pre-wrap" }}
            data-testid="import-error"
          >
            {importError}
          </div>
        ) : null}
        <form
          action="/api/import"
          method="post"
          encType="multipart/form-data"
          className="row"
          data-testid="import-form"
        >
          <input
            type="file"
            name="result"
            accept="application/json,.json"
            required
            className="input"
            style={{ maxWidth: 420, paddingTop: 5 }}
          />
          <button type="submit" className="btn btn-primary">
            Import
          </button>
        </form>
      </section>
    </>
  );
}
