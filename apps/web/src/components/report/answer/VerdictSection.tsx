import type { RunResult } from "@relix/core/result/result-schema";
import { COMPARED_METRICS } from "@relix/core/stats/speedup";
import { estimateText, intervalText } from "@relix/core/render/verdicts/factor";
import type { Comparison } from "@relix/core/result/result-schema";
import { Winner } from "@/components/ui/Proto";
import { cacheModeLabel } from "@/lib/format";
import { hasPlacements } from "@relix/core/render/answer/placements";
import { cellAnchor, cellKey, runHeadline } from "@/lib/report/report-rows";
import { describeLoad } from "@/lib/report/run-description";
import { axisValueText } from "@/lib/report/sweep-rows";

/** The answer first: the headline verdict, what it means, and each cell's three comparisons. */
export function VerdictSection({ result, first }: { result: RunResult; first: boolean }) {
  const single = result.cells.length === 1 ? result.cells[0] : undefined;
  const placed = hasPlacements(result);
  const swept = result.cells.some((c) => c.coords !== undefined);
  return (
    <section className="card card-pad section" id="verdicts" style={first ? { marginTop: 0 } : undefined}>
      <div className="muted small">Verdict</div>
      <p className="verdict-hero" data-testid="headline">
        {single ? (
          <Winner winner={single.comparisons.find((c) => c.metric === "p50")?.winner ?? "none"}>
            {single.verdict}
          </Winner>
        ) : (
          runHeadline(result)
        )}
      </p>
      <p className="muted small" style={{ marginTop: 6 }}>
        Each figure names the side that did better and by how much (a factor above 1): at p50 and p99 the side that
        answered sooner, in throughput the side that served more; the bracket is its 95% interval. A winner is named
        only when the whole interval is on one side; without one, &quot;no clear winner&quot;. Hover a figure for its
        sentence.
      </p>
      <p className="small" style={{ marginTop: 4 }}>
        <span className="muted">Load:</span> {describeLoad(result)}
      </p>
      <VerdictTable result={result} placed={placed} swept={swept} />
    </section>
  );
}

/** "gRPC 1.49x [1.30-1.70]": the side that did better and by what factor, with its interval. */
function ComparisonFigure({ comparison }: { comparison: Comparison }) {
  const { ci, winner } = comparison;
  const interval = ci.degenerate ? "(1 trial)" : intervalText(ci);
  return (
    <>
      <Winner winner={winner}>{estimateText(ci)}</Winner> <span className="muted small">{interval}</span>
      {winner === "none" ? <span className="muted small"> · no clear winner</span> : null}
    </>
  );
}

/**
 * More cells than this and the table of every cell's three sentences is folded: a sweep's dozen
 * points would make it the tallest part of the report, and the answer and the sweep's map above
 * already say what they add up to.
 */
const OPEN_VERDICT_ROWS = 6;

function VerdictTable({ result, placed, swept }: { result: RunResult; placed: boolean; swept: boolean }) {
  const table = (
    <div className="table-wrap" style={{ marginTop: 14 }}>
      <table className="data" data-testid="verdicts">
        <thead>
          <tr>
            <th>Workload</th>
            <th>Cache</th>
            {placed ? <th>Placement</th> : null}
            {swept ? <th>Point</th> : null}
            <th>At p50</th>
            <th>At p99</th>
            <th>Throughput</th>
          </tr>
        </thead>
        <tbody>
          {result.cells.map((cell) => (
            <tr key={cellKey(cell)}>
              <td>
                <a href={`#${cellAnchor(cell)}`}>{cell.label}</a>
              </td>
              <td>{cacheModeLabel(cell.cacheMode)}</td>
              {placed ? <td>{cell.placement ?? "loopback"}</td> : null}
              {swept ? (
                <td>
                  {Object.entries(cell.coords ?? {})
                    .map(([d, v]) => axisValueText(d, v))
                    .join(" · ")}
                  {cell.refinement ? <span className="muted small"> (search)</span> : null}
                </td>
              ) : null}
              {COMPARED_METRICS.map((metric) => {
                const c = cell.comparisons.find((x) => x.metric === metric);
                // The figure, coloured by winner; its sentence on hover (and in the cell's own section).
                return (
                  <td key={metric} title={c?.text}>
                    {c ? <ComparisonFigure comparison={c} /> : "–"}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (result.cells.length <= OPEN_VERDICT_ROWS) return table;
  return (
    <details className="advanced" style={{ marginTop: 14 }} data-testid="verdicts-folded">
      <summary>Every cell&apos;s verdicts at p50, p99 and throughput ({result.cells.length} cells)</summary>
      {table}
    </details>
  );
}
