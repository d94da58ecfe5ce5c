import { findWorkload } from "@relix/core/catalog/catalog";
import type { RunResult } from "@relix/core/result/result-schema";
import type { Crossover } from "@relix/core/sweep/sweep-result";
import { roughly } from "@relix/core/render/sweeps/crossover-text";
import { sweepLegend } from "@relix/core/render/terminal/sweep-table";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { heatmapHeight } from "@/components/charts/sweep/heatmap-layout";
import { SweepHeatmap } from "@/components/charts/sweep/SweepHeatmap";
import { SweepLineChart } from "@/components/charts/sweep/SweepLineChart";
import { SWEEP_LINE_COLOR } from "@/lib/report/sweep-chart-styles";
import { axisValueText, crossoverRowText, sweepPanels, type SweepPanel } from "@/lib/report/sweep-rows";

const lineLegend = [
  { label: "p50 speedup (> 1: gRPC faster)", color: SWEEP_LINE_COLOR.line, kind: "line" as const },
  { label: "95% CI", color: SWEEP_LINE_COLOR.band, kind: "box" as const },
  { label: "added by the crossover search", color: SWEEP_LINE_COLOR.refinement, kind: "box" as const },
  { label: "crossover bracket", color: SWEEP_LINE_COLOR.crossover, kind: "box" as const },
];
const heatLegend = [
  { label: "gRPC faster", color: "#2563eb", kind: "box" as const },
  { label: "REST faster", color: "#d97706", kind: "box" as const },
  { label: "no significant difference", color: "#e2e8f0", kind: "box" as const },
  { label: "crossover", color: "#15803d", kind: "line" as const },
];

const STATUS_TEXT: Record<Crossover["status"], string> = {
  found: "found",
  none: "none in range",
  unresolved: "unresolved",
};

/** The table view: the grid exactly as the terminal and the Markdown print it, rows and columns alike. */
function GridTable({ panel, legend }: { panel: SweepPanel; legend: string }) {
  const { header, rows } = panel.table;
  return (
    <>
      <DataTable
        caption={`The sweep of ${panel.workload}, as the terminal prints it`}
        columns={header.map((label, i) => ({ label, align: i === 0 ? ("left" as const) : ("right" as const) }))}
        rows={rows}
      />
      <p className="muted small" style={{ margin: "8px 0 0" }}>
        {legend}
      </p>
    </>
  );
}

function Crossovers({ crossovers }: { crossovers: Crossover[] }) {
  if (crossovers.length === 0) return null;
  return (
    <div data-testid="sweep-crossovers">
      <ul className="small" style={{ margin: "8px 0" }}>
        {crossovers.map((c, i) => (
          <li key={i} data-status={c.status}>
            {c.text}
          </li>
        ))}
      </ul>
      <div className="table-wrap card">
        <DataTable
          caption="Where the verdict changes, per row"
          columns={[
            { label: "Row" },
            { label: "Along" },
            { label: "Crossover" },
            { label: "Between", align: "right" },
            { label: "About", align: "right" },
          ]}
          rows={crossovers.map((c) => [
            crossoverRowText(c),
            c.dimension,
            STATUS_TEXT[c.status],
            c.low !== undefined && c.high !== undefined
              ? `${axisValueText(c.dimension, c.low)} – ${axisValueText(c.dimension, c.high)}`
              : "–",
            c.estimate !== undefined ? axisValueText(c.dimension, roughly(c.estimate)) : "–",
          ])}
        />
      </div>
    </div>
  );
}

function Panel({ panel, legend }: { panel: SweepPanel; legend: string }) {
  const workload = findWorkload(panel.workload)?.label ?? panel.workload;
  const label = panel.context ? `${workload} · ${panel.context}` : workload;
  const title =
    panel.kind === "line"
      ? `${label}: gRPC speedup against ${panel.axis.label}`
      : `${label}: gRPC speedup by ${panel.rows.label}${panel.columns ? ` and ${panel.columns.label}` : ""}`;
  return (
    <div className="section" data-testid="sweep-panel" data-workload={panel.workload}>
      <h3>{label}</h3>
      <Crossovers crossovers={panel.crossovers} />
      <div style={{ marginTop: 12 }}>
        {panel.kind === "line" ? (
          <ChartCard
            testId="sweep-line"
            title={title}
            subtitle="REST p50 / gRPC p50, × (> 1: gRPC faster) on a log axis of the swept value · 95% CI band · crossover bracket shaded"
            legend={lineLegend}
            chart={<SweepLineChart axis={panel.axis} points={panel.line} crossovers={panel.crossovers} />}
            table={<GridTable panel={panel} legend={legend} />}
          />
        ) : (
          <ChartCard
            testId="sweep-heatmap-card"
            title={title}
            subtitle="REST p50 / gRPC p50 in each cell (> 1: gRPC faster), coloured by log ratio around 1 · rows as the terminal prints them, * a value the crossover search added · the crossover line sits at its estimate between rows, on a log scale, over its bracket"
            legend={heatLegend}
            height={heatmapHeight(panel)}
            chart={<SweepHeatmap panel={panel} />}
            table={<GridTable panel={panel} legend={legend} />}
          />
        )}
      </div>
    </div>
  );
}

/** Each swept workload's crossovers and map, with no heading: the report's section and compare share it. */
export function SweepMaps({ result }: { result: RunResult }) {
  return (
    <>
      {sweepPanels(result).map((panel) => (
        <Panel key={panel.key} panel={panel} legend={sweepLegend(result.spec.sweep)} />
      ))}
    </>
  );
}

/**
 * A swept run: per workload, where the verdict changes sign (in words first), then the map it was
 * read from. Absent for a run that measured one point.
 */
export function SweepSection({ result }: { result: RunResult }) {
  const panels = sweepPanels(result);
  if (panels.length === 0) return null;
  return (
    <section className="section" data-testid="sweep">
      <h2>Sweep: where the verdict changes</h2>
      <p className="muted small">
        Each point is a cell of its own, judged like any other: a side wins only when the whole 95% CI of its p50
        speedup is on one side of 1. The crossover search bisects between neighbouring values where the winner changes.
      </p>
      {result.sweep?.stoppedEarly ? (
        <div className="banner banner-info" role="status" data-testid="sweep-stopped">
          <strong>The crossover search stopped early:</strong> {result.sweep.stoppedEarly}
        </div>
      ) : null}
      <SweepMaps result={result} />
    </section>
  );
}
