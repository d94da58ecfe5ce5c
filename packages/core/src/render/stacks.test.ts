import { describe, expect, it } from "vitest";
import { makeRunResult } from "../testing/result-fixture";
import { csvHeader, renderCsv } from "./markdown/csv";
import { renderMarkdownReport } from "./markdown/markdown";
import { renderTableReport } from "./terminal/table";
import { splitOf, stackRowsOf } from "./stacks";

const allStacks = ["express", "node", "node-protobuf", "h2c", "grpc-js", "grpc-js-static"] as const;
const withStacks = (extra: Parameters<typeof makeRunResult>[0] = {}) =>
  makeRunResult({ ...extra, spec: { workloads: ["noop"], stacks: [...allStacks], ...extra.spec } });

describe("stacks in the reports", () => {
  it("gives every stack of a cell its figures and its p50 against express and grpc-js, above 1 when it was faster", () => {
    const rows = stackRowsOf(withStacks().cells[0]!);
    expect(rows.map((r) => [r.stack, r.tool])).toEqual([
      ["express", "autocannon"],
      ["node", "autocannon"],
      ["node-protobuf", "autocannon"],
      ["h2c", "h2load"],
      ["grpc-js", "ghz"],
      ["grpc-js-static", "ghz"],
    ]);
    const node = rows.find((r) => r.stack === "node")!;
    expect(node.vsExpress!.estimate).toBeCloseTo(0.8 / 0.7, 2);
    expect(node.vsGrpc!.estimate).toBeCloseTo(0.5 / 0.7, 2);
    const express = rows.find((r) => r.stack === "express")!;
    expect(express.vsExpress).toBeNull();
    expect(express.vsGrpc!.estimate).toBeCloseTo(0.5 / 0.8, 2);
    expect(express.vsGrpc!.high).toBeLessThan(1);
  });

  it("prints per cell the stack table, the layer walk and the split of the client latency in the terminal", () => {
    const text = renderTableReport(withStacks());
    expect(text).toContain("Stacks · noop (none)");
    expect(text).toMatch(
      /stack\s+tool\s+p50 ms\s+p99 ms\s+rps\s+vs express p50 \[95% CI\]\s+vs grpc-js p50 \[95% CI\]/,
    );
    expect(text).toMatch(/h2c\s+h2load\s+0\.620\s+1\.900\s+11,800\s+1\.29x \[[\d.]+-[\d.]+\]\s+0\.81x/);
    expect(text).toMatch(/framework\s+express -> node\s+1\.14x \[[\d.-]+\]\n/);
    expect(text).toMatch(/codec\s+grpc-js -> grpc-js-static\s+1\.09x/);
    expect(text).toContain("- on noop, node:http in place of Express (express -> node): node 1.14x faster at p50");
    // express: client mean 0.9 = 0.84 network and client + 0.032 framework + 0.008 codec + 0.02 handler.
    expect(text).toMatch(
      /express\s+0\.900\s+0\.840\s+0\.032\s+0\.008\s+0\.020\s+0\.900\s+yes \(0\.000 off, tolerance 0\.003\)/,
    );
    expect(text).toContain("within 5% of the server time, at least 1 µs");
  });

  it("heads the ratio columns, the legend and the layer walk with the run's pair when it is not express and grpc-js", () => {
    const result = withStacks();
    const paired = {
      ...result,
      cells: result.cells.map((cell) => ({ ...cell, pair: { rest: "node", grpc: "grpc-js-static" } as const })),
    };
    const text = renderTableReport(paired);
    expect(text).toMatch(/rps\s+vs node p50 \[95% CI\]\s+vs grpc-js-static p50 \[95% CI\]/);
    expect(text).toContain("Layer walk, node to grpc-js-static");
    expect(text).toContain("vs node = node p50 / the stack's p50");
    const markdown = renderMarkdownReport(paired);
    expect(markdown).toContain("| vs node p50 [95% CI] | vs grpc-js-static p50 [95% CI] |");
    expect(renderTableReport(result)).toContain("vs express = express p50 / the stack's p50");
  });

  it("says when a stack's parts do not add up to its client latency within the tolerance", () => {
    const result = withStacks({ stacks: { h2c: { serverTimeMs: 0.08 } } });
    const view = splitOf(result.cells[0]!.stacks!.find((s) => s.stack === "h2c")!.summary)!;
    expect(view.addsUp).toBe(false);
    expect(renderTableReport(result)).toMatch(
      /h2c\s+0\.700\s+0\.620\s+0\.016\s+0\.008\s+0\.020\s+0\.664\s+NO \(0\.036 off/,
    );
    const unreported = withStacks({ stacks: { node: { split: null } } });
    expect(renderTableReport(unreported)).toMatch(/node\s+-\s+-\s+-\s+-\s+-\s+-\s+not reported/);
  });

  it("adds a stacks section to Markdown with every sentence of each stack against both defaults", () => {
    const md = renderMarkdownReport(withStacks());
    expect(md).toContain("## Stacks: which layer decides");
    expect(md).toContain("| h2c | h2load | 0.620 | 1.900 | 11,800 |");
    expect(md).toMatch(/\| transport \| node → h2c \| 1\.13x \[[\d.-]+\] \| on noop, HTTP\/2 in place of HTTP\/1\.1/);
    expect(md).toMatch(/- \*\*grpc-js-static\*\* against grpc-js: grpc-js-static 1\.09x faster at p50/);
  });

  it("writes one CSV row per stack with its stack and split, the defaults' rows first as before", () => {
    const rows = renderCsv(withStacks())
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(","));
    const column = (name: string) => rows.map((r) => r[csvHeader.indexOf(name)]);
    expect(column("stack")).toEqual(["express", "node", "node-protobuf", "h2c", "grpc-js", "grpc-js-static"]);
    expect(column("protocol")).toEqual(["rest", "rest", "rest", "rest", "grpc", "grpc"]);
    expect(column("generator_tool")[3]).toBe("h2load");
    expect(column("split_codec_ms")[5]).toBe("0.004");
  });

  it("names the stacks in the load line when there are more than express and grpc-js", () => {
    expect(renderTableReport(withStacks())).toContain(
      "stacks: express, node, node-protobuf, h2c, grpc-js, grpc-js-static",
    );
    expect(renderTableReport(makeRunResult({ spec: { workloads: ["noop"] } }))).not.toContain("stacks:");
  });

  it("renders a result without stacks exactly as before: no stacks section, two rows per cell", () => {
    const result = makeRunResult({ spec: { workloads: ["noop"] } });
    expect(renderTableReport(result)).not.toContain("Stacks");
    expect(renderMarkdownReport(result)).not.toContain("Stacks");
    const rows = renderCsv(result).trimEnd().split("\r\n").slice(1);
    expect(rows.map((r) => r.split(",")[csvHeader.indexOf("stack")])).toEqual(["express", "grpc-js"]);
    expect(rows.map((r) => r.split(",")[csvHeader.indexOf("split_rest_ms")])).toEqual(["", ""]);
  });
});
