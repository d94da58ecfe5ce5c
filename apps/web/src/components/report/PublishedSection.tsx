import type { RunResult } from "@relix/core/result/result-schema";
import { figureSpeedup, publishedFiguresOfResult } from "@relix/core/presets/published-figures";
import { hasPlacements } from "@relix/core/render/placements";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { formatRatio } from "@/lib/format";
import { PublishedChart } from "./PublishedChart";
import { figureText as figure, rowsHeight } from "./report-layout";

/** A study preset's published figures beside what this run measured. */
export function PublishedSection({ result }: { result: RunResult }) {
  const published = publishedFiguresOfResult(result);
  if (published.length === 0) return null;
  // Each distinct note once, numbered; the rows carry its number, so a note is read, not hovered.
  const notes = [...new Set(published.flatMap((f) => (f.note === undefined ? [] : [f.note])))];
  const marker = (note: string | undefined) => (note === undefined ? "" : ` [${notes.indexOf(note) + 1}]`);
  // A study measured under several placements has one figure per placement: name it on each row.
  const where = (placement: string) => (hasPlacements(result) ? ` @ ${placement}` : "");
  return (
    <section className="section" data-testid="published-section">
      <h2>Published vs measured</h2>
      <p className="section-sub">
        What the study reported beside what this run measured. Absolute numbers depend on the machine; compare the
        speedups (&gt; 1: gRPC better).
      </p>
      <div className="grid-2">
        <ChartCard
          title="Speedup: published vs measured"
          subtitle="gRPC's advantage per figure, × (> 1: gRPC better)"
          legend={[
            { label: "published", color: "#64748b", kind: "box" },
            { label: "measured", color: "#0f172a", kind: "box" },
          ]}
          height={rowsHeight(published.length, 2)}
          chart={
            <PublishedChart
              rows={published.map((f) => ({
                figure: `${f.workload}${where(f.placement)} ${f.label}`.slice(0, 60),
                published: figureSpeedup(f.unit, f.published.rest, f.published.grpc),
                measured: figureSpeedup(f.unit, f.measured.rest, f.measured.grpc),
              }))}
            />
          }
          table={
            <DataTable
              columns={[
                { label: "Figure" },
                { label: "Unit" },
                { label: "REST published", align: "right" },
                { label: "REST measured", align: "right" },
                { label: "gRPC published", align: "right" },
                { label: "gRPC measured", align: "right" },
              ]}
              rows={published.map((f) => [
                `${f.workload}${where(f.placement)} · ${f.label}${marker(f.note)}`,
                f.unit,
                figure(f.published.rest),
                figure(f.measured.rest),
                figure(f.published.grpc),
                figure(f.measured.grpc),
              ])}
            />
          }
        />
        <div className="card table-wrap">
          <DataTable
            columns={[
              { label: "Figure" },
              { label: "Speedup published", align: "right" },
              { label: "Speedup measured", align: "right" },
            ]}
            rows={published.map((f) => {
              const pub = figureSpeedup(f.unit, f.published.rest, f.published.grpc);
              const mea = figureSpeedup(f.unit, f.measured.rest, f.measured.grpc);
              return [
                <span key="f">
                  <code>{f.workload}</code>
                  {where(f.placement)} {f.label}
                  {marker(f.note)}
                </span>,
                pub === null ? "–" : formatRatio(pub),
                mea === null ? "–" : formatRatio(mea),
              ];
            })}
          />
        </div>
      </div>
      {notes.length > 0 ? (
        <ol className="small" style={{ margin: "12px 0 0", paddingLeft: 24 }} data-testid="figure-notes">
          {notes.map((note) => (
            <li key={note} style={{ marginTop: 4 }}>
              {note}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
