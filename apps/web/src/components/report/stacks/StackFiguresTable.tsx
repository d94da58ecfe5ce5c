import type { StackRatio } from "@relix/core/render/stacks";
import { stacks } from "@relix/core/stacks/stacks";
import { DataTable } from "@/components/charts/DataTable";
import { formatMsNumber, formatRps } from "@/lib/format";
import type { StackPanel } from "@/lib/report/stack-rows";

const ratioText = (r: Pick<StackRatio, "estimate" | "low" | "high" | "degenerate"> | null) =>
  r === null
    ? "–"
    : r.degenerate
      ? `${r.estimate.toFixed(2)}x (1 trial)`
      : `${r.estimate.toFixed(2)}x [${r.low.toFixed(2)}–${r.high.toFixed(2)}]`;

/** Each stack's own figures for the workload, and its p50 against the pair's two ends. */
export function StackFiguresTable({ panel }: { panel: StackPanel }) {
  return (
    <div className="table-wrap card" style={{ marginTop: 8 }}>
      <DataTable
        caption={`${panel.title}: each stack's figures against ${panel.pair.rest} and ${panel.pair.grpc}`}
        columns={[
          { label: "Stack" },
          { label: "Tool" },
          { label: "p50, ms", align: "right" },
          { label: "p99, ms", align: "right" },
          { label: "Throughput", align: "right" },
          { label: `vs ${panel.pair.rest}, p50 [95% CI]`, align: "right" },
          { label: `vs ${panel.pair.grpc}, p50 [95% CI]`, align: "right" },
        ]}
        rows={panel.stacks.map((s) => [
          <span key="s" title={stacks[s.stack].isolates}>
            {s.stack}
          </span>,
          s.tool,
          formatMsNumber(s.p50Ms),
          formatMsNumber(s.p99Ms),
          formatRps(s.rps),
          ratioText(s.vsExpress),
          ratioText(s.vsGrpc),
        ])}
      />
    </div>
  );
}
