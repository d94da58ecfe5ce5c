import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeSweepResult } from "@relix/core/testing/sweep-fixture";
import { Report } from "./Report";

const grid = makeSweepResult({
  axes: [
    { dimension: "records", values: [1, 10, 100, 1000] },
    { dimension: "network", values: ["loopback", "cross-region"] },
  ],
  speedupAt: (c) =>
    c.network === "cross-region" ? 1.6 : (c.records as number) >= 1000 ? 1.4 : (c.records as number) >= 100 ? 1 : 0.7,
});

describe("Sweep section (server-rendered)", () => {
  it("shows the crossover sentences above a heatmap labelled with each speedup, its crossover line and a table toggle", () => {
    const html = renderToStaticMarkup(<Report result={grid} />);
    const section = html.slice(html.indexOf('data-testid="sweep"'));
    expect(section).toContain("Sweep: where the verdict changes");
    const sentences = section.indexOf('data-testid="sweep-crossovers"');
    expect(sentences).toBeGreaterThan(0);
    expect(sentences).toBeLessThan(section.indexOf('data-testid="sweep-heatmap"'));
    for (const c of grid.sweep!.crossovers) expect(section).toContain(c.text);
    expect(section.match(/data-testid="sweep-cell"/g)).toHaveLength(8);
    expect(section).toContain(">1.60x</text>");
    expect(section.match(/data-testid="sweep-crossover-line"/g)).toHaveLength(1);
    // Row and column names as a reader says them.
    expect(section).toContain(">cross-region</text>");
    expect(section).toContain(">1,000</text>");
    expect(section).toContain(">Table</button>");
  });

  it("says when the search stopped early", () => {
    const stopped = makeSweepResult({
      axes: [{ dimension: "records", values: [1, 100, 10000] }],
      speedupAt: (c) => ((c.records as number) > 50 ? 1.5 : 0.7),
      stoppedEarly: "refinement budget of 8 points spent",
    });
    const html = renderToStaticMarkup(<Report result={stopped} />);
    expect(html).toContain('data-testid="sweep-line"');
    expect(html).toContain("refinement budget of 8 points spent");
  });

  it("has no sweep section for a run of one point", () => {
    expect(renderToStaticMarkup(<Report result={makeRunResult()} />)).not.toContain('data-testid="sweep"');
  });
});
