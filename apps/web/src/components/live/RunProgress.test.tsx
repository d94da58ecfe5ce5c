import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CellRef } from "@relix/core/runner-api/run-events";
import { initialLiveState } from "@/lib/live/live-state";
import { RunProgress } from "./RunProgress";

const cell: CellRef = {
  workload: "item.list",
  cacheMode: "warm",
  trial: 1,
  trials: 1,
  protocol: "rest",
  index: 3,
  total: 8,
};

const currentCell = (current: CellRef) => {
  const html = renderToStaticMarkup(
    <RunProgress
      state={{ ...initialLiveState("running"), current }}
      labels={{ "item.list": "List items" }}
      elapsedMs={1_000}
      remainingMs={4_000}
    />,
  );
  const start = html.indexOf('data-testid="current-cell"');
  return html.slice(start, html.indexOf("</div>", start));
};

describe("RunProgress: the cell measured now (server-rendered)", () => {
  it("names a swept cell's point beside its workload", () => {
    const label = currentCell({ ...cell, coords: { records: 1000 } });
    expect(label).toContain("List items");
    expect(label).toContain("at records=1,000");
  });

  it("says when the point was added by the crossover search", () => {
    expect(currentCell({ ...cell, coords: { records: 31 }, refinement: true })).toContain("at records=31 (refining)");
  });

  it("reads as before for a cell outside a sweep, or one without knobs", () => {
    for (const current of [cell, { ...cell, coords: {} }]) {
      const label = currentCell(current);
      expect(label).toContain("List items");
      expect(label).not.toContain("current-point");
    }
  });
});
