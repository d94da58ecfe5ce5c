import { figureSpeedup, type PlacedPublishedFigure } from "@relix/core/presets/published-figures";
import { DataTable } from "@/components/charts/DataTable";
import { formatRatio } from "@/lib/format";
import type { FigureNaming } from "./figure-naming";

/** The speedups alone, published beside measured, always in view next to the chart. */
export function PublishedSpeedupTable({
  published,
  naming: { where, marker },
}: {
  published: PlacedPublishedFigure[];
  naming: FigureNaming;
}) {
  return (
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
  );
}
