import type { RunResult } from "@relix/core/result/result-schema";
import { stackPanels } from "@/lib/report/stack-rows";
import { CellStacks } from "./CellStacks";

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
        <CellStacks key={panel.key} panel={panel} />
      ))}
    </section>
  );
}
