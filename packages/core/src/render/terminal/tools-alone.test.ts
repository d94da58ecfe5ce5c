import { describe, expect, it } from "vitest";
import { bothWaysReason, toolsAloneReason } from "../findings/validity-findings";
import { makeRunResult } from "../../testing/result-fixture";
import { renderMarkdownReport } from "../markdown/markdown";
import { renderTableReport } from "./table";

/** A tools run of noop and item.get warm, each measured by autocannon and ghz alone: noop decided, item.get elsewhere. */
function toolsAlone(factors: [number, number]) {
  const result = makeRunResult({ cells: [{ workload: "noop" }, { workload: "item.get" }] });
  result.cells.forEach((cell, i) => {
    cell.rest.generator = { ...cell.rest.generator, tool: "autocannon" };
    cell.grpc.generator = { ...cell.grpc.generator, tool: "ghz" };
    cell.toolsAlone = { cpuFactor: factors[i]!, because: factors[i]! > 1.1 ? "decided-elsewhere" : "within-factor" };
  });
  return result;
}

describe("a cell of a tools run measured by its tools alone", () => {
  it("says why: within the factor, its workload's first cell, no figure, or a client that cannot drive the load", () => {
    const [within, elsewhere] = toolsAlone([1.05, 1.8]).cells;
    expect(toolsAloneReason(within!)).toBe(
      "the tools' CPU per call was 1.05x apart in the first trial's warm-ups, within the 1.1x above which one client for both measures the pair too",
    );
    expect(toolsAloneReason(elsewhere!)).toBe(
      "its workload's first cell was measured by the tools alone, and every cell of a workload keeps the same views, since they are compared with one another (here the tools' CPU per call was 1.80x apart in the warm-ups)",
    );
    expect(toolsAloneReason({ toolsAlone: { cpuFactor: null, because: "no-factor" } })).toMatch(/no CPU figure/);
    const refusal = "h2load drives a closed loop only";
    expect(toolsAloneReason({ toolsAlone: { cpuFactor: 1.9, because: "equal-view-unavailable", refusal } })).toBe(
      `one client for both cannot drive this load: ${refusal}`,
    );
  });

  it("says nothing for a cell without the record, or one measured both ways", () => {
    const result = makeRunResult();
    expect(toolsAloneReason(result.cells[0]!)).toBeNull();
    const cell = { ...toolsAlone([1.05, 1.05]).cells[0]!, toolClients: { cpuFactor: 1.4 } as never };
    // The equal view was added after all: the cell's toolClients explain it instead.
    expect(toolsAloneReason(cell)).toBeNull();
  });

  it("is listed in the terminal report and the Markdown export, one line per cell", () => {
    const result = toolsAlone([1.05, 1.8]);
    const table = renderTableReport(result);
    expect(table).toContain("Clients: the tools alone");
    expect(table).toMatch(/noop: autocannon vs ghz alone: the tools' CPU per call was 1\.05x apart/);
    expect(table).toMatch(/item\.get[^\n]*: autocannon vs ghz alone: its workload's first cell/);
    const markdown = renderMarkdownReport(result);
    expect(markdown).toContain("## Clients: the tools alone");
    expect(markdown).toMatch(/^- noop: autocannon vs ghz alone: /m);
    expect(renderTableReport(makeRunResult())).not.toContain("the tools alone");
  });

  it("says a reason many cells share once, naming them", () => {
    const result = toolsAlone([1.05, 1.8]);
    for (const cell of result.cells)
      cell.toolsAlone = { cpuFactor: 1.5, because: "equal-view-unavailable", refusal: "an open loop" };
    const table = renderTableReport(result);
    expect(table).toMatch(
      /noop, item\.get[^\n]*: autocannon vs ghz alone: one client for both cannot drive this load: an open loop/,
    );
    expect(table.split("cannot drive this load").length - 1).toBe(1);
  });
});

describe("a cell measured both ways because its workload's first cell was", () => {
  it("does not claim its own factor, at or under 1.1x, was over it", () => {
    expect(bothWaysReason({ reason: "unequal-tools", cpuFactor: 1.4 })).toBe(
      "the tools' CPU per call was 1.40x apart in the first trial's warm-ups (more than 1.1x measures both ways)",
    );
    expect(bothWaysReason({ reason: "unequal-tools", cpuFactor: 1.05 })).toBe(
      "the tools' CPU per call was more than 1.1x apart in its workload's first cell, and every cell of a workload keeps the same views (here 1.05x)",
    );
  });
});
