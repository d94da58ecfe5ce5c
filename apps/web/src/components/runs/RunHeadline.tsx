import type { RunSummary } from "@relix/core/runner-api/runs";
import { Winner } from "@/components/ui/Proto";

/** A run's answer in one line: its first cell's verdict, or why it failed. */
export function RunHeadline({ run }: { run: RunSummary }) {
  const h = run.headline;
  if (run.status === "failed") return <span className="error-text">{run.reason ?? "failed"}</span>;
  if (!h) return <span className="muted">–</span>;
  const more = h.cells > 1 ? ` (+${h.cells - 1} more cell${h.cells > 2 ? "s" : ""})` : "";
  const where = `${h.workload}${h.cacheMode !== "none" ? ` ${h.cacheMode}` : ""}: `;
  return (
    <span>
      <span className="muted">{where}</span>
      <Winner winner={h.winner}>{h.verdict}</Winner>
      <span className="muted small">{more}</span>
    </span>
  );
}
