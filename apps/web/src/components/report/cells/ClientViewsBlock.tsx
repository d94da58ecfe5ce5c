import { bothWaysReason, toolsAloneReason } from "@relix/core/render/findings/validity-findings";
import type { CellResult } from "@relix/core/result/result-schema";
import { Winner } from "@/components/ui/Proto";

/**
 * A cell measured by the tools and by one client for both (its verdict above is the latter's):
 * why it was, what the tools said, and each side's client step with its share of the tools' gap.
 * A cell of a tools run measured by its tools alone: why one client for both did not join.
 */
export function ClientViewsBlock({ cell }: { cell: CellResult }) {
  const tools = cell.toolClients;
  const alone = toolsAloneReason(cell);
  if (alone)
    return (
      <p className="small client-views" data-testid="tools-alone" style={{ margin: "0 0 14px" }}>
        Measured by the tools alone ({cell.rest.generator.tool} and {cell.grpc.generator.tool}): {alone}.
      </p>
    );
  if (!tools) return null;
  const toolsP50 = tools.comparisons.find((c) => c.metric === "p50");
  return (
    <div className="client-views" data-testid="client-views" style={{ margin: "0 0 14px" }}>
      <p className="small" style={{ margin: "0 0 6px" }}>
        Measured with one client for both ({cell.rest.generator.tool}) in the same trials, because{" "}
        {bothWaysReason(tools)}. The tools ({tools.rest.generator.tool} and {tools.grpc.generator.tool}) said:{" "}
        {toolsP50 ? <Winner winner={toolsP50.winner}>{toolsP50.text}</Winner> : tools.verdict}
      </p>
      <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="client-steps">
        {(cell.clientSteps ?? []).map((step) => (
          <li key={step.side} className="small">
            {step.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
