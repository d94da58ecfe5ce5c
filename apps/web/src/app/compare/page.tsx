import type { RunResult } from "@relix/core/result/result-schema";
import { describeEnvironment, describeLoad } from "@/lib/report/run-description";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ChartCard } from "@/components/charts/ChartCard";
import { CompareSpeedupChart } from "@/components/charts/CompareSpeedupChart";
import { runColor } from "@/lib/run-colors";
import { DataTable } from "@/components/charts/DataTable";
import { RunnerDown } from "@/components/ui/RunnerDown";
import { Winner } from "@/components/ui/Proto";
import {
  compareCells,
  compareSpeedupRows,
  parseRunIds,
  specDifferences,
  type ComparedRun,
} from "@/lib/compare/compare-rows";
import { CompareStacks } from "@/components/compare/CompareStacks";
import { CompareSweeps } from "@/components/compare/CompareSweeps";
import { formatCount, formatMsNumber, formatTimestamp } from "@/lib/format";
import { resultOfRun } from "@/server/run-result";
import { runner } from "@/server/runner-client";
import { explainRunnerError } from "@/server/runner-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare runs" };

const MAX_RUNS = 6;

type Loaded = { id: string; ok: true; result: RunResult } | { id: string; ok: false; problem: string };

async function load(id: string): Promise<Loaded> {
  const run = await runner().getRun(id);
  if (!run) return { id, ok: false, problem: "no such run" };
  if (run.status !== "done") return { id, ok: false, problem: `run is ${run.status}` };
  const outcome = await resultOfRun(runner(), run);
  if (!outcome) return { id, ok: false, problem: "no result" };
  return outcome.ok ? { id, ok: true, result: outcome.result } : { id, ok: false, problem: outcome.error };
}

/** Two or more runs side by side; the run ids live in the URL, so the comparison is a permalink too. */
export default async function ComparePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const ids = parseRunIds(params.runs).slice(0, MAX_RUNS);
  const canonical = ids.join(",");
  if (params.runs !== undefined && params.runs !== canonical)
    redirect(`/compare?runs=${ids.map(encodeURIComponent).join(",")}`);

  if (ids.length < 2) {
    return (
      <>
        <div className="page-head">
          <h1>Compare runs</h1>
        </div>
        <div className="banner banner-info">
          Choose at least two finished runs on the <Link href="/runs">runs page</Link>, or open{" "}
          <code>/compare?runs=ID1,ID2</code>.
        </div>
      </>
    );
  }

  let loaded: Loaded[];
  try {
    loaded = await Promise.all(ids.map(load));
  } catch (error) {
    const message = explainRunnerError(error);
    if (message === null) throw error;
    return <RunnerDown message={message} />;
  }
  const runs: ComparedRun[] = loaded
    .filter((l): l is Extract<Loaded, { ok: true }> => l.ok)
    .map((l) => ({ id: l.id, result: l.result }));
  const problems = loaded.filter((l): l is Extract<Loaded, { ok: false }> => !l.ok);
  const cells = compareCells(runs);
  const differences = specDifferences(runs);
  const runNames = runs.map((r, i) => `#${i + 1} ${r.id.slice(0, 8)}`);

  return (
    <div data-testid="compare">
      <div className="page-head">
        <div>
          <h1>Compare {runs.length} runs</h1>
          <p>
            Same workload and cache mode lined up across runs. This page&apos;s URL is the comparison&apos;s permalink.
          </p>
        </div>
      </div>

      {problems.map((p) => (
        <div key={p.id} className="banner banner-warn">
          Run <code>{p.id}</code> left out: {p.problem}.
        </div>
      ))}

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

      {differences.length > 0 ? (
        <div className="banner banner-info section" data-testid="spec-differences">
          <strong>Settings that differ:</strong>{" "}
          {differences.map((d) => `${d.field} (${d.values.map((v, i) => `#${i + 1} ${v}`).join(" vs ")})`).join(" · ")}
        </div>
      ) : null}

      <CompareSweeps runs={runs} runNames={runNames} />

      <section className="section grid-2">
        {(["p50", "rps"] as const).map((metric) => {
          const rows = compareSpeedupRows(cells, metric);
          const label = metric === "rps" ? "throughput" : metric;
          return (
            <ChartCard
              key={metric}
              testId={`compare-${metric}`}
              title={`gRPC speedup at ${label}, by run`}
              subtitle={
                metric === "rps"
                  ? "gRPC req/s ÷ REST req/s per cell, × with 95% CI"
                  : "REST p50 ÷ gRPC p50 per cell, × with 95% CI"
              }
              legend={runNames.map((name, i) => ({ label: name, color: runColor(i), kind: "box" as const }))}
              height={Math.max(260, 60 + cells.length * (14 * runs.length + 14))}
              chart={<CompareSpeedupChart rows={rows} runs={runNames} metricLabel={label} />}
              table={
                <DataTable
                  columns={[{ label: "Cell" }, ...runNames.map((n) => ({ label: n, align: "right" as const }))]}
                  rows={cells.map((cell) => [
                    cell.title,
                    ...cell.runs.map((c) => {
                      const comparison = c?.comparisons.find((x) => x.metric === metric);
                      return comparison
                        ? `${comparison.ci.estimate.toFixed(2)}x [${comparison.ci.low.toFixed(2)}–${comparison.ci.high.toFixed(2)}]`
                        : "–";
                    }),
                  ])}
                />
              }
            />
          );
        })}
      </section>

      <CompareStacks cells={cells} runNames={runNames} />

      <section className="section">
        <h2>Cell by cell</h2>
        <div className="card table-wrap" style={{ marginTop: 12 }}>
          <table className="data" data-testid="compare-cells">
            <thead>
              <tr>
                <th>Cell</th>
                <th>Run</th>
                <th className="r">REST p50, ms</th>
                <th className="r">gRPC p50, ms</th>
                <th className="r">REST p99, ms</th>
                <th className="r">gRPC p99, ms</th>
                <th className="r">REST req/s</th>
                <th className="r">gRPC req/s</th>
                <th>Verdict</th>
              </tr>
            </thead>
            <tbody>
              {cells.flatMap((cell) =>
                cell.runs.map((c, i) => (
                  <tr key={`${cell.key}-${i}`}>
                    {i === 0 ? <td rowSpan={cell.runs.length}>{cell.title}</td> : null}
                    <td className="mono small" style={{ whiteSpace: "nowrap" }}>
                      {runNames[i]}
                    </td>
                    {c ? (
                      <>
                        <td className="r">{formatMsNumber(c.rest.latencyMs.p50)}</td>
                        <td className="r">{formatMsNumber(c.grpc.latencyMs.p50)}</td>
                        <td className="r">{formatMsNumber(c.rest.latencyMs.p99)}</td>
                        <td className="r">{formatMsNumber(c.grpc.latencyMs.p99)}</td>
                        <td className="r">{formatCount(c.rest.rps)}</td>
                        <td className="r">{formatCount(c.grpc.rps)}</td>
                        <td>
                          <Winner winner={c.comparisons.find((x) => x.metric === "p50")?.winner ?? "none"}>
                            {c.verdict}
                          </Winner>
                        </td>
                      </>
                    ) : (
                      <td colSpan={7} className="muted">
                        not measured in this run
                      </td>
                    )}
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
