import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeSweepResult } from "@relix/core/testing/sweep-fixture";
import { Report } from "../Report";

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

  it("lays the grid out as the terminal prints it: records down in increasing order, placements across, a horizontal crossover line in its column", () => {
    const html = renderToStaticMarkup(<Report result={grid} />);
    const heatmap = html.slice(html.indexOf('data-testid="sweep-heatmap"'), html.indexOf("</svg>"));
    const ticks = [...heatmap.matchAll(/data-testid="sweep-row-tick"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(ticks).toEqual(["1", "10", "100", "1,000"]);
    expect(heatmap).toMatch(/data-testid="sweep-row-title"[^>]*>records per reply/);
    expect(heatmap).toMatch(/data-testid="sweep-column-title"[^>]*>network placement</);
    // Cells row by row: each row a record count, loopback then cross-region.
    const winners = [...heatmap.matchAll(/data-testid="sweep-cell" data-winner="(\w+)"/g)].map((m) => m[1]);
    expect(winners).toEqual(["rest", "grpc", "rest", "grpc", "none", "grpc", "grpc", "grpc"]);
    const line = heatmap.slice(heatmap.indexOf('data-testid="sweep-crossover-line"'));
    const [, x1, x2, y1, y2] = line.match(/<line x1="([\d.]+)" x2="([\d.]+)" y1="([\d.]+)" y2="([\d.]+)"/)!.map(Number);
    expect(y1).toBe(y2);
    // Within the loopback column (the first), across it.
    const rects = [...heatmap.matchAll(/data-testid="sweep-cell"[^>]*><rect x="([\d.]+)" y="([\d.]+)"/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(x1).toBeLessThan(rects[0]![0]!);
    expect((x1! + x2!) / 2).toBeLessThan(rects[1]![0]!);
    expect(x2! - x1!).toBeGreaterThan(rects[1]![0]! - rects[0]![0]! - 2);
    // Between the 10 and 1,000 rows, where the search bracketed it.
    expect(y1).toBeGreaterThan(rects[2]![1]!);
    expect(y1).toBeLessThan(rects[6]![1]!);
    expect(line).toMatch(/data-testid="sweep-crossover-label"[^>]*>loopback: gRPC starts to win at about 100 records</);
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
