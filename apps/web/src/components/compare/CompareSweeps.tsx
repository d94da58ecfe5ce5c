import { DataTable } from "@/components/charts/DataTable";
import { compareCrossovers } from "@/lib/compare/compare-sweeps";
import type { ComparedRun } from "@/lib/compare/compare-rows";
import { SweepMaps } from "@/components/report/sweep/SweepSection";

/** Swept runs: where each crosses over, row by row, then each run's map side by side; absent when none swept. */
export function CompareSweeps({ runs, runNames }: { runs: readonly ComparedRun[]; runNames: readonly string[] }) {
  const rows = compareCrossovers(runs);
  const swept = runs.map((run, i) => ({ run, name: runNames[i]! })).filter(({ run }) => run.result.sweep);
  if (swept.length === 0) return null;
  return (
    <section className="section" data-testid="compare-sweeps">
      <h2>Sweeps by run</h2>
      <p className="muted small">Where the verdict changes in each run, then each run&apos;s map.</p>
      {rows.length > 0 ? (
        <div className="card table-wrap" style={{ marginTop: 12 }}>
          <DataTable
            caption="Crossovers by run"
            columns={[
              { label: "Workload" },
              { label: "Crossover along" },
              ...runNames.map((n) => ({ label: n, align: "right" as const })),
            ]}
            rows={rows.map((r) => [r.workload, r.label, ...r.values])}
          />
        </div>
      ) : null}
      <div className={swept.length > 1 ? "grid-2" : undefined} style={{ marginTop: 12 }}>
        {swept.map(({ run, name }) => (
          <div key={run.id} data-testid="compare-sweep-run">
            <h3 className="mono small">{name}</h3>
            <SweepMaps result={run.result} />
          </div>
        ))}
      </div>
    </section>
  );
}
