import type { CellResult } from "@relix/core/result/result-schema";
import { Winner } from "@/components/ui/Proto";

/** One line per compared metric, the p50 line marked as the cell's verdict; the verdict alone when nothing was compared. */
export function CellVerdicts({ cell }: { cell: CellResult }) {
  return (
    <ul style={{ margin: "0 0 14px", paddingLeft: 18 }}>
      {cell.comparisons.map((c) => (
        <li
          key={c.metric}
          className={c.metric === "p50" ? "verdict-line" : undefined}
          data-testid={c.metric === "p50" ? "verdict" : undefined}
        >
          <Winner winner={c.winner}>{c.text}</Winner>
        </li>
      ))}
      {cell.comparisons.length === 0 ? (
        <li className="verdict-line" data-testid="verdict">
          {cell.verdict}
        </li>
      ) : null}
    </ul>
  );
}
