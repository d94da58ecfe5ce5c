import { DataTable } from "@/components/charts/DataTable";
import { compareStackCells } from "@/lib/compare/compare-stacks";
import type { CompareCell } from "@/lib/compare/compare-rows";

/** Each cell's stacks and layer steps side by side across the runs; absent when no run measured stacks. */
export function CompareStacks({ cells, runNames }: { cells: readonly CompareCell[]; runNames: readonly string[] }) {
  const stackCells = compareStackCells(cells);
  if (stackCells.length === 0) return null;
  return (
    <section className="section" data-testid="compare-stacks">
      <h2>Stacks by run</h2>
      <p className="muted small">
        Each stack&apos;s p50, then each layer step&apos;s p50 ratio (&gt; 1: changing that layer made it faster) with
        its 95% CI.
      </p>
      {stackCells.map((cell) => (
        <div key={cell.key} className="card table-wrap" style={{ marginTop: 12 }}>
          <DataTable
            caption={`${cell.title}: stacks by run`}
            columns={[{ label: cell.title }, ...runNames.map((n) => ({ label: n, align: "right" as const }))]}
            rows={cell.rows.map((row) => [
              row.kind === "layer" ? <em key="l">{row.label}</em> : row.label,
              ...row.values,
            ])}
          />
        </div>
      ))}
    </section>
  );
}
