import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { StackLadderChart } from "@/components/charts/StackLadderChart";
import { LADDER_COLOR } from "@/lib/report/stack-chart-styles";
import type { StackPanel } from "@/lib/report/stack-rows";

const ladderLegend = [
  { label: "p50 ratio, CI clear of 1: a winner named", color: LADDER_COLOR.significant, kind: "box" as const },
  { label: "CI straddles 1, or not enough to tell", color: LADDER_COLOR.none, kind: "box" as const },
  { label: "95% CI", color: "#0f172a", kind: "dash" as const },
];

/** The walk from one end of the pair to the other, one layer changed per step, each step's ratio with its CI. */
export function StackLadderCard({ panel }: { panel: StackPanel }) {
  return (
    <ChartCard
      testId="stack-ladder"
      title={`${panel.title}: ${panel.pair.rest} to ${panel.pair.grpc}, one layer at a time`}
      subtitle="p50 of the step's first stack / its second, × on a log scale centred on 1 (> 1: changing that layer made it faster) · 95% CI"
      legend={ladderLegend}
      height={60 + panel.ladder.length * 40}
      chart={<StackLadderChart rungs={panel.ladder} />}
      table={
        <DataTable
          columns={[
            { label: "Step" },
            { label: "p50 ratio", align: "right" },
            { label: "95% CI", align: "right" },
            { label: "Reading" },
          ]}
          rows={panel.ladder.map((r) => [
            r.step,
            `${r.ratio.toFixed(2)}x`,
            r.degenerate ? "1 trial" : `${r.low.toFixed(2)}–${r.high.toFixed(2)}`,
            r.text,
          ])}
        />
      }
    />
  );
}
