import { SPLIT_TOLERANCE_TEXT, type StackRatio } from "@relix/core/render/stacks";
import type { RunResult } from "@relix/core/result/result-schema";
import { stacks } from "@relix/core/stacks/stacks";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { StackLadderChart } from "@/components/charts/StackLadderChart";
import { StackSplitChart } from "@/components/charts/StackSplitChart";
import { LADDER_COLOR, SPLIT_PARTS } from "@/lib/report/stack-chart-styles";
import { formatMsNumber, formatRps } from "@/lib/format";
import { stackPanels, type StackPanel } from "@/lib/report/stack-rows";

const ladderLegend = [
  { label: "p50 ratio, CI clear of 1: a winner named", color: LADDER_COLOR.significant, kind: "box" as const },
  { label: "CI straddles 1, or not enough to tell", color: LADDER_COLOR.none, kind: "box" as const },
  { label: "95% CI", color: "#0f172a", kind: "dash" as const },
];
const splitLegend = SPLIT_PARTS.map((p) => ({ label: p.label, color: p.color, kind: "box" as const }));

const ratioText = (r: Pick<StackRatio, "estimate" | "low" | "high" | "degenerate"> | null) =>
  r === null
    ? "–"
    : r.degenerate
      ? `${r.estimate.toFixed(2)}x (1 trial)`
      : `${r.estimate.toFixed(2)}x [${r.low.toFixed(2)}–${r.high.toFixed(2)}]`;

function addsUpText(bar: StackPanel["splits"][number]) {
  if (bar.addsUp === null) return "not reported";
  const off = `${formatMsNumber(Math.abs(bar.sumMs! - bar.totalMs!))} ms off, tolerance ${formatMsNumber(bar.toleranceMs)} ms`;
  return bar.addsUp ? `yes (${off})` : <span className="error-text">no ({off})</span>;
}

function Panel({ panel }: { panel: StackPanel }) {
  return (
    <div className="section" data-testid="stack-panel" data-cell={panel.key}>
      <h3>{panel.title}</h3>
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
      <div className="grid-2" style={{ marginTop: 12 }}>
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
      </div>
    </div>
  );
}

/**
 * A run measured through stacks beyond express and grpc-js: per workload, which layer decides the
 * difference, and where each stack's time goes. Absent for every other run.
 */
export function StacksSection({ result }: { result: RunResult }) {
  const panels = stackPanels(result);
  if (panels.length === 0) return null;
  return (
    <section className="section" data-testid="stacks">
      <h2>Stacks: which layer decides</h2>
      <p className="muted small">
        Each stack changes one layer of express or grpc-js; a step&apos;s ratio is that layer&apos;s share of the
        difference. A ratio counts only when its whole 95% CI is on one side of 1.
      </p>
      {panels.map((panel) => (
        <Panel key={panel.key} panel={panel} />
      ))}
    </section>
  );
}
