import { figureSpeedup, type PlacedPublishedFigure } from "@relix/core/presets/published-figures";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { figureText as figure, rowsHeight } from "../report-layout";
import type { FigureNaming } from "./figure-naming";
import { PublishedChart } from "./PublishedChart";

/** Each figure's speedup as published beside as measured; its table holds the figures themselves. */
export function PublishedFiguresCard({
  published,
  naming: { where, marker },
}: {
  published: PlacedPublishedFigure[];
  naming: FigureNaming;
}) {
  return (
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
  );
}
