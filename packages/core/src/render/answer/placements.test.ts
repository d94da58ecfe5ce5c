import { describe, expect, it } from "vitest";
import { makeRunResult } from "../../testing/result-fixture";
import { renderMarkdownReport } from "../markdown/markdown";
import { describeEmulatorOverhead, placementGroups, placementVerdicts } from "./placements";
import { renderTableReport } from "../terminal/table";

const placed = makeRunResult({
  spec: { workloads: ["item.get"], network: ["loopback", "same-zone", "cross-region"] },
  placements: [
    { name: "cross-region", measuredRttMs: 147.8 },
    {
      name: "same-zone",
      measuredRttMs: 1.06,
      status: "refused",
      reason: "reached 1.06 ms RTT for a 0.5 ms target (toxiproxy steps in whole ms)",
    },
  ],
  cells: [
    { workload: "item.get", placement: "loopback", rest: { p50: 0.5 }, grpc: { p50: 0.5 } },
    { workload: "item.get", placement: "cross-region", rest: { p50: 296 }, grpc: { p50: 149 } },
  ],
  emulatorOverhead: true,
});

describe("placementGroups", () => {
  it("groups cells by placement in the run's order, refused ones included with no cells", () => {
    expect(placementGroups(placed).map((g) => [g.name, g.record?.status, g.cells.length])).toEqual([
      ["loopback", "measured", 1],
      ["same-zone", "refused", 0],
      ["cross-region", "measured", 1],
    ]);
  });

  it("has nothing to group in a result measured on loopback alone", () => {
    expect(placementGroups(makeRunResult())).toEqual([]);
    expect(placementGroups(makeRunResult({ spec: { network: ["loopback"] } }))).toEqual([]);
  });
});

describe("placementVerdicts", () => {
  it("says per workload, in words, who won at each measured RTT", () => {
    expect(placementVerdicts(placed).map((v) => v.text)).toEqual([
      "item.get (warm): no significant difference on loopback, gRPC 1.99x faster at 147.8 ms RTT (cross-region)",
    ]);
  });
});

describe("a study's run whose winners were withheld (an assumed run-to-run spread)", () => {
  const withheld = structuredClone(placed);
  for (const cell of withheld.cells) {
    for (const comparison of cell.comparisons) {
      comparison.ci.winnerWithheld = true;
      comparison.winner = "none";
    }
  }

  it("says not enough to tell at each placement, in the per-placement line and the table", () => {
    expect(placementVerdicts(withheld).map((v) => v.text)).toEqual([
      "item.get (warm): not enough to tell on loopback, not enough to tell at 147.8 ms RTT (cross-region) (gRPC 1.99x faster in this run)",
    ]);
    const table = renderTableReport(withheld, { color: false });
    const verdictColumn = table.split("\n").filter((line) => /^item\.get +warm/.test(line));
    expect(verdictColumn).toHaveLength(2);
    for (const line of verdictColumn) expect(line).toMatch(/not enough to tell$/);
  });
});

describe("reports with placements", () => {
  const table = renderTableReport(placed);
  const markdown = renderMarkdownReport(placed);

  it("give each placement a heading with its target and measured RTT, and show the refusal with its reason", () => {
    for (const text of [table, markdown]) {
      expect(text).toContain("Placement loopback · nothing added · measured 0.03 ms");
      expect(text).toContain("Placement cross-region · target 147 ms RTT · measured 147.8 ms (toxiproxy)");
      expect(text).toContain("Placement same-zone · target 0.5 ms RTT · measured 1.06 ms (toxiproxy) · REFUSED");
      expect(text).toMatch(
        /Not measured:\W* reached 1\.06 ms RTT for a 0\.5 ms target \(toxiproxy steps in whole ms\)/i,
      );
    }
    expect(markdown).toContain("### Placement cross-region");
  });

  it("put each placement's cells under its own heading", () => {
    const lines = table.split("\n");
    const crossRegion = lines.findIndex((l) => l.startsWith("Placement cross-region"));
    expect(lines.slice(crossRegion).find((l) => l.startsWith("item.get"))).toMatch(/REST\s+296\.000/);
    const loopback = lines.findIndex((l) => l.startsWith("Placement loopback"));
    expect(lines.slice(loopback, crossRegion).find((l) => l.startsWith("item.get"))).toMatch(/REST\s+0\.500/);
  });

  it("print the verdict per placement and the emulator's own cost once", () => {
    for (const text of [table, markdown]) {
      expect(text).toContain("gRPC 1.99x faster at 147.8 ms RTT (cross-region)");
      expect(text.split("Emulator's own cost").length - 1).toBe(1);
      expect(text).toContain("REST p50 0.210 ms direct, 0.310 ms proxied (+0.100 ms), 9,800 -> 7,400 req/s");
    }
  });

  it("leave a result without placements exactly as before", () => {
    const older = makeRunResult();
    for (const text of [renderTableReport(older), renderMarkdownReport(older)]) {
      expect(text).not.toContain("Placement");
      expect(text).not.toContain("By placement");
    }
    expect(describeEmulatorOverhead(undefined)).toEqual([]);
  });
});
