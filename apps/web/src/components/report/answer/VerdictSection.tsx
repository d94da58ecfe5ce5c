import type { CellResult, RunResult } from "@relix/core/result/result-schema";
import { COMPARED_METRICS } from "@relix/core/stats/speedup";
import { verdictFiguresOf } from "@relix/core/stats/verdict";
import { cellQuestionFigures, queuedLoadTag, questionsHeader } from "@relix/core/render/answer/question-figures";
import { noWinnerWords } from "@relix/core/render/verdicts/verdict-text";
import { estimateText, intervalText } from "@relix/core/render/verdicts/factor";
import type { Comparison } from "@relix/core/result/result-schema";
import { Winner } from "@/components/ui/Proto";
import { cacheModeLabel } from "@/lib/format";
import { hasPlacements } from "@relix/core/render/answer/placements";
import { cellAnchor, cellKey, runHeadline } from "@/lib/report/report-rows";
import { describeLoad } from "@/lib/report/run-description";
import { axisValueText } from "@/lib/report/sweep-rows";

/** The answer first: the headline verdict, what it means, and each cell's comparisons. */
export function VerdictSection({ result, first }: { result: RunResult; first: boolean }) {
  const single = result.cells.length === 1 ? result.cells[0] : undefined;
  const placed = hasPlacements(result);
  const swept = result.cells.some((c) => c.coords !== undefined);
  return (
    <section className="card card-pad section" id="verdicts" style={first ? { marginTop: 0 } : undefined}>
      <div className="muted small">Verdict</div>
      <p className="verdict-hero" data-testid="headline">
        {single ? (
          <Winner winner={headlineWinner(single)}>{single.verdict}</Winner>
        ) : (
          (questionsHeadline(result) ?? runHeadline(result))
        )}
      </p>
      <p className="muted small" style={{ marginTop: 6 }}>
        {questionsHeader(result) ? `The two questions: ${questionsHeader(result)}. ` : ""}
        Each figure names the side that did better and by how much (a factor above 1): at p50 and p99 the side that
        answered sooner, in throughput the side that served more, in calls per core the side whose server served more
        calls per second of its CPU; the bracket is its 95% interval. A winner is named only when the whole interval is
        on one side (beyond the margin, where the run set one); without one, &quot;the same within 5%&quot; when it lies
        inside the margin, else &quot;not enough to tell&quot; (&quot;no clear winner&quot; in results written before
        margins).{" "}
        {queuedLoadTag(result) === null
          ? ""
          : `@1: one call in flight; ${queuedLoadTag(result)}: the cell's own load, under saturation (mostly queueing). `}
        Hover a figure for its sentence.
      </p>
      <p className="small" style={{ marginTop: 4 }}>
        <span className="muted">Load:</span> {describeLoad(result)}
      </p>
      <VerdictTable result={result} placed={placed} swept={swept} />
    </section>
  );
}

/** One cell's colour: the side both its answers name, else none; a result written before, its p50 winner. */
function headlineWinner(cell: CellResult): Comparison["winner"] {
  const p50 = cell.comparisons.find((c) => c.metric === "p50")?.winner ?? "none";
  if (!cell.questions) return p50;
  const latency = cell.questions.latency.p50?.winner ?? "none";
  return latency === cell.questions.capacity.comparison?.winner ? latency : "none";
}

/** "gRPC sooner in 1 of 4 cells, REST sooner in 3 of 4": how often each side won one of the two questions. */
function tally(winners: readonly Comparison["winner"][], better: string): string {
  const count = (side: Comparison["winner"]) => winners.filter((w) => w === side).length;
  const of = ` of ${winners.length}`;
  const parts = [
    count("grpc") > 0 && `gRPC ${better} in ${count("grpc")}${of}`,
    count("rest") > 0 && `REST ${better} in ${count("rest")}${of}`,
    count("none") > 0 && `no side named in ${count("none")}${of}`,
  ].filter(Boolean);
  return parts.join(", ");
}

/**
 * Both questions over every cell, for a run that asked them: "Latency: REST sooner in 3 of 4 ·
 * capacity per core: gRPC more in 2 of 4, no side named in 2 of 4"; null for a result written before.
 */
function questionsHeadline(result: RunResult): string | null {
  const figures = result.cells.map((cell) => cellQuestionFigures(cell, result.spec));
  if (figures.length === 0 || figures.some((f) => f === null)) return null;
  const asked = figures.filter((f) => f !== null);
  const latency = tally(
    asked.map((f) => f.latency.winner),
    "sooner",
  );
  const capacity = tally(
    asked.map((f) => f.capacity.winner),
    "more",
  );
  return `Latency: ${latency} · capacity per core: ${capacity}`;
}

/** Why a figure names no side: "the same within 5%" or "not enough to tell" against a margin, else "no clear winner". */
function noWinnerText(comparison: Comparison): string {
  if (comparison.ci.margin === undefined) return "no clear winner";
  return noWinnerWords(verdictFiguresOf({ metric: comparison.metric, ci: comparison.ci }));
}

/** "gRPC 1.49x [1.30-1.70]": the side that did better and by what factor, with its interval. */
function ComparisonFigure({ comparison }: { comparison: Comparison }) {
  const { ci, winner } = comparison;
  const interval = ci.degenerate ? "(1 trial)" : intervalText(ci);
  return (
    <>
      <Winner winner={winner}>{estimateText(ci)}</Winner> <span className="muted small">{interval}</span>
      {winner === "none" ? <span className="muted small"> · {noWinnerText(comparison)}</span> : null}
    </>
  );
}

/** The column heads of the compared metrics; a load that queued is named on its latencies ("At p50 @8"). */
const METRIC_HEAD: Record<(typeof COMPARED_METRICS)[number], (tag: string) => string> = {
  p50: (tag) => `At p50${tag}`,
  p99: (tag) => `At p99${tag}`,
  rps: () => "Throughput",
  capacity: () => "Calls per core",
};

/** The p50 at one call in flight, where the cell was measured again so. */
function LightLoadFigure({ cell }: { cell: CellResult }) {
  const p50 = cell.lightLoad?.comparisons.find((c) => c.metric === "p50");
  return <td title={p50?.text}>{p50 ? <ComparisonFigure comparison={p50} /> : "–"}</td>;
}

/**
 * More cells than this and the table of every cell's three sentences is folded: a sweep's dozen
 * points would make it the tallest part of the report, and the answer and the sweep's map above
 * already say what they add up to.
 */
const OPEN_VERDICT_ROWS = 6;

function VerdictTable({ result, placed, swept }: { result: RunResult; placed: boolean; swept: boolean }) {
  const queued = queuedLoadTag(result);
  const tag = queued === null ? "" : ` ${queued}`;
  // Latency where the server was not queueing, where the run asked for it, before the own load's figures.
  const light = result.cells.some((cell) => cell.lightLoad !== undefined);
  const table = (
    <div className="table-wrap" style={{ marginTop: 14 }}>
      <table className="data" data-testid="verdicts">
        <thead>
          <tr>
            <th>Workload</th>
            <th>Cache</th>
            {placed ? <th>Placement</th> : null}
            {swept ? <th>Point</th> : null}
            {light ? <th>At p50 @1</th> : null}
            {COMPARED_METRICS.map((metric) => (
              <th key={metric}>{METRIC_HEAD[metric](tag)}</th>
            ))}
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
              {light ? <LightLoadFigure cell={cell} /> : null}
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
      <summary>
        Every cell&apos;s verdicts at p50, p99, throughput and calls per core ({result.cells.length} cells)
      </summary>
      {table}
    </details>
  );
}
