import type { CellResult, Comparison } from "@relix/core/result/result-schema";
import { Winner } from "@/components/ui/Proto";
import type { CompareCell } from "@/lib/compare/compare-rows";
import { formatCount, formatMsNumber } from "@/lib/format";

/** Every cell's figures in every run, the cell's rows grouped under its title. */
export function CompareCellsTable({ cells, runNames }: { cells: readonly CompareCell[]; runNames: readonly string[] }) {
  return (
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
                  <CellFigures cell={c} />
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The side the verdict's colour names. A cell that asked the two questions reads its verdict as
 * their sentence, latency first: its p50 where the server was not queueing, which may name the
 * other side than the p50 at the cell's own load (mostly queueing). Cells written before keep their p50.
 */
function verdictWinner(cell: CellResult): Comparison["winner"] {
  if (cell.questions) return cell.questions.latency.p50?.winner ?? "none";
  return cell.comparisons.find((x) => x.metric === "p50")?.winner ?? "none";
}

/** One run's figures for a cell, or a note spanning them where that run did not measure it. */
function CellFigures({ cell: c }: { cell: CompareCell["runs"][number] }) {
  if (!c)
    return (
      <td colSpan={7} className="muted">
        not measured in this run
      </td>
    );
  return (
    <>
      <td className="r">{formatMsNumber(c.rest.latencyMs.p50)}</td>
      <td className="r">{formatMsNumber(c.grpc.latencyMs.p50)}</td>
      <td className="r">{formatMsNumber(c.rest.latencyMs.p99)}</td>
      <td className="r">{formatMsNumber(c.grpc.latencyMs.p99)}</td>
      <td className="r">{formatCount(c.rest.rps)}</td>
      <td className="r">{formatCount(c.grpc.rps)}</td>
      <td>
        <Winner winner={verdictWinner(c)}>{c.verdict}</Winner>
      </td>
    </>
  );
}
