import { SPLIT_TOLERANCE_TEXT } from "@relix/core/render/stacks";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { StackSplitChart } from "@/components/charts/StackSplitChart";
import { formatMsNumber } from "@/lib/format";
import { SPLIT_PARTS } from "@/lib/report/stack-chart-styles";
import type { StackPanel } from "@/lib/report/stack-rows";

const splitLegend = SPLIT_PARTS.map((p) => ({ label: p.label, color: p.color, kind: "box" as const }));

function addsUpText(bar: StackPanel["splits"][number]) {
  if (bar.addsUp === null) return "not reported";
  const off = `${formatMsNumber(Math.abs(bar.sumMs! - bar.totalMs!))} ms off, tolerance ${formatMsNumber(bar.toleranceMs)} ms`;
  return bar.addsUp ? `yes (${off})` : <span className="error-text">no ({off})</span>;
}

/** Where a request's time goes in each stack, and whether the parts add up to the client's mean. */
export function StackSplitCard({ panel }: { panel: StackPanel }) {
  return (
    <ChartCard
      testId="stack-split"
      title={`${panel.title}: where a request's time goes`}
      subtitle={`Mean client latency per stack split into network and client (client mean − server time), framework, codec and handler, ms · the parts must add up within ${SPLIT_TOLERANCE_TEXT}`}
      legend={splitLegend}
      height={40 + panel.splits.length * 32}
      chart={<StackSplitChart bars={panel.splits} />}
      table={
        <DataTable
          columns={[
            { label: "Stack" },
            { label: "Client mean, ms", align: "right" },
            { label: "Network and client, ms", align: "right" },
            { label: "Framework, ms", align: "right" },
            { label: "Codec, ms", align: "right" },
            { label: "Handler, ms", align: "right" },
            { label: "Sum of parts, ms", align: "right" },
            { label: "Adds up" },
          ]}
          rows={panel.splits.map((b) => [
            b.stack,
            formatMsNumber(b.totalMs),
            formatMsNumber(b.networkClient),
            formatMsNumber(b.framework),
            formatMsNumber(b.codec),
            formatMsNumber(b.handler),
            formatMsNumber(b.sumMs),
            addsUpText(b),
          ])}
        />
      }
    />
  );
}
