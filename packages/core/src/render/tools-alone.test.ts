import { describe, expect, it } from "vitest";
import { toolsAloneReason } from "../findings/validity-findings";
import { makeRunResult } from "../testing/result-fixture";
import { renderMarkdownReport } from "./markdown";
import { renderTableReport } from "./table";

/** A tools run of noop and item.get warm, each measured by autocannon and ghz alone, with the factor each read. */
function toolsAlone(factors: [number, number]) {
  const result = makeRunResult({ cells: [{ workload: "noop" }, { workload: "item.get" }] });
  result.cells.forEach((cell, i) => {
    cell.rest.generator = { ...cell.rest.generator, tool: "autocannon" };
    cell.grpc.generator = { ...cell.grpc.generator, tool: "ghz" };
    cell.toolsCpuFactor = factors[i]!;
  });
  return result;
}

describe("a cell of a tools run measured by its tools alone", () => {
  it("says why: within the factor, or above it with the two reasons one client for both may not have joined", () => {
    const [within, above] = toolsAlone([1.05, 1.8]).cells;
    expect(toolsAloneReason(within!)).toBe(
      "the tools' CPU per call was 1.05x apart in the first trial's warm-ups, within the 1.1x above which one client for both measures the pair too",
    );
    expect(toolsAloneReason(above!)).toMatch(
      /1\.80x apart .* yet one client for both did not join: it cannot drive this load, or/,
    );
  });

  it("says nothing for a cell without the figure, or one measured both ways", () => {
    const result = makeRunResult();
    expect(toolsAloneReason(result.cells[0]!)).toBeNull();
    const cell = { ...toolsAlone([1.05, 1.05]).cells[0]!, toolClients: { cpuFactor: 1.4 } as never };
    expect(toolsAloneReason(cell)).toBeNull();
  });

  it("is listed in the terminal report and the Markdown export, one line per cell", () => {
    const result = toolsAlone([1.05, 1.8]);
    const table = renderTableReport(result);
    expect(table).toContain("Clients: the tools alone");
    expect(table).toMatch(/noop: autocannon vs ghz alone: the tools' CPU per call was 1\.05x apart/);
    expect(table).toMatch(/item\.get[^\n]*: autocannon vs ghz alone: the tools' CPU per call was 1\.80x apart/);
    const markdown = renderMarkdownReport(result);
    expect(markdown).toContain("## Clients: the tools alone");
    expect(markdown).toMatch(/^- noop: autocannon vs ghz alone: /m);
    expect(renderTableReport(makeRunResult())).not.toContain("the tools alone");
  });
});
