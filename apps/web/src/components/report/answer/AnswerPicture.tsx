import type { AnswerPicture as PictureKind } from "@relix/core/render/answer/answer";
import type { RunResult } from "@relix/core/result/result-schema";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { RttSpeedupChart } from "@/components/charts/RttSpeedupChart";
import { SpeedupChart } from "@/components/charts/SpeedupChart";
import { StackLadderChart } from "@/components/charts/StackLadderChart";
import { heatmapHeight } from "@/components/charts/sweep/heatmap-layout";
import { SweepHeatmap } from "@/components/charts/sweep/SweepHeatmap";
import { SweepLineChart } from "@/components/charts/sweep/SweepLineChart";
import { formatMs, formatRatio } from "@/lib/format";
import { rttSpeedupSeries } from "@/lib/report/placement-rows";
import { answerSpeedup } from "@/lib/report/answer-speedup";
import { stackPanels } from "@/lib/report/stack-rows";
import { sweepPanels } from "@/lib/report/sweep-rows";

// The one chart the answer block shows, drawn by the same components as the report's sections
// below (where each has its full legend and companions). It shows the first workload's picture;
// the sections below hold the others. Heights are capped so the answer fits one screen.

/** The tallest the picture may be and still leave the question, verdicts and trust line on screen. */
const MAX_HEIGHT = 340;

const speedupLegend = [
  { label: "gRPC faster", color: "#2563eb", kind: "box" as const },
  { label: "REST faster", color: "#d97706", kind: "box" as const },
  {
    label: "no winner named (no significant difference, or not enough to tell)",
    color: "#94a3b8",
    kind: "box" as const,
  },
];

const ciText = (r: { degenerate: boolean; low: number; high: number }) =>
  r.degenerate ? "1 trial" : `${r.low.toFixed(2)}–${r.high.toFixed(2)}`;

function SweepPicture({ result, maxHeight }: { result: RunResult; maxHeight: number }) {
  const panel = sweepPanels(result)[0];
  if (!panel) return null;
  const table = (
    <DataTable
      columns={panel.table.header.map((label, i) => ({
        label,
        align: i === 0 ? ("left" as const) : ("right" as const),
      }))}
      rows={panel.table.rows}
    />
  );
  return panel.kind === "line" ? (
    <ChartCard
      testId="answer-picture"
      title={`${panel.workload}: gRPC speedup against ${panel.axis.label}`}
      subtitle="REST p50 / gRPC p50, × (> 1: gRPC faster) · 95% CI band · crossover bracket shaded"
      legend={[]}
      height={Math.min(maxHeight, 300)}
      chart={<SweepLineChart axis={panel.axis} points={panel.line} crossovers={panel.crossovers} />}
      table={table}
    />
  ) : (
    <ChartCard
      testId="answer-picture"
      title={`${panel.workload}: gRPC speedup by ${panel.rows.label}${panel.columns ? ` and ${panel.columns.label}` : ""}`}
      subtitle="REST p50 / gRPC p50 per cell (> 1: gRPC faster; blue gRPC, amber REST, grey no difference) · green line: the crossover"
      legend={[]}
      height={Math.min(maxHeight, heatmapHeight(panel))}
      chart={<SweepHeatmap panel={panel} />}
      table={table}
    />
  );
}

function PlacementsPicture({ result, maxHeight }: { result: RunResult; maxHeight: number }) {
  const series = rttSpeedupSeries(result)[0];
  if (!series) return null;
  return (
    <ChartCard
      testId="answer-picture"
      title={`${series.title}: speedup against RTT`}
      subtitle="REST p50 / gRPC p50 at each placement's measured round-trip time, × (> 1: gRPC faster)"
      legend={[]}
      height={Math.min(maxHeight, 280)}
      chart={<RttSpeedupChart points={series.points} />}
      table={
        <DataTable
          columns={[
            { label: "Placement" },
            { label: "RTT", align: "right" },
            { label: "Speedup", align: "right" },
            { label: "95% CI", align: "right" },
          ]}
          rows={series.points.map((p) => [p.placement, formatMs(p.rttMs), formatRatio(p.speedup), ciText(p)])}
        />
      }
    />
  );
}

function StacksPicture({ result, maxHeight }: { result: RunResult; maxHeight: number }) {
  const panel = stackPanels(result).find((p) => p.ladder.length > 0);
  if (!panel) return null;
  return (
    <ChartCard
      testId="answer-picture"
      title={`${panel.title}: express to grpc-js, one layer at a time`}
      subtitle="p50 of the step's first stack / its second, × on a log scale centred on 1 (> 1: that layer made it faster) · 95% CI"
      legend={[]}
      height={Math.min(maxHeight, 60 + panel.ladder.length * 40)}
      chart={<StackLadderChart rungs={panel.ladder} />}
      table={
        <DataTable
          columns={[{ label: "Step" }, { label: "p50 ratio", align: "right" }, { label: "95% CI", align: "right" }]}
          rows={panel.ladder.map((r) => [r.step, `${r.ratio.toFixed(2)}x`, ciText(r)])}
        />
      }
    />
  );
}

function SpeedupPicture({ result, maxHeight }: { result: RunResult; maxHeight: number }) {
  const { rows, title, subtitle } = answerSpeedup(result);
  return (
    <ChartCard
      testId="answer-picture"
      title={`${title}, with 95% CI`}
      subtitle={subtitle}
      legend={speedupLegend}
      height={Math.min(maxHeight, Math.max(160, 50 + rows.length * 30))}
      chart={
        <SpeedupChart
          rows={rows.map((r) => ({ cell: r.cell, speedup: r.speedup, error: r.error, winner: r.winner, text: r.text }))}
          metricLabel="p50"
        />
      }
      table={
        <DataTable
          columns={[{ label: "Cell" }, { label: "Speedup", align: "right" }, { label: "95% CI", align: "right" }]}
          rows={rows.map((r) => [r.cell, formatRatio(r.speedup), ciText(r)])}
        />
      }
    />
  );
}

/** The picture that answers this kind of run (answer.ts decides which). */
/** Characters of a headline per line at 1400 px (the verdicts' 17 px type in the report's column). */
const CHARS_PER_LINE = 110;
/** Lines the answer's text may take before the picture gives up height for them. */
const TEXT_LINES = 6;
const LINE_PX = 24;
const MIN_HEIGHT = 180;

/**
 * The picture's height budget: long verdicts (a placement run's sentence per workload wraps) take
 * the room the picture would have had, so the trust line stays on the first screen.
 */
export function pictureMaxHeight(lines: readonly string[]): number {
  const used = lines.reduce((n, line) => n + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0);
  return Math.max(MIN_HEIGHT, MAX_HEIGHT - Math.max(0, used - TEXT_LINES) * LINE_PX);
}

export function AnswerPicture({
  result,
  kind,
  maxHeight = MAX_HEIGHT,
}: {
  result: RunResult;
  kind: PictureKind;
  /** At most this tall (pictureMaxHeight), never more than MAX_HEIGHT. */
  maxHeight?: number;
}) {
  const height = Math.min(MAX_HEIGHT, maxHeight);
  switch (kind) {
    case "sweep":
      return <SweepPicture result={result} maxHeight={height} />;
    case "placements":
      return <PlacementsPicture result={result} maxHeight={height} />;
    case "stacks":
      return <StacksPicture result={result} maxHeight={height} />;
    case "speedup":
      return <SpeedupPicture result={result} maxHeight={height} />;
  }
}
