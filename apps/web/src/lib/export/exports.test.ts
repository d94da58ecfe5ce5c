import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeSweepResult } from "@relix/core/testing/sweep-fixture";
import { sweepSummaries } from "@relix/core/render/sweeps/crossover-text";
import { csvHeader, renderCsv } from "./csv";
import { renderMarkdown } from "./markdown";
import { renderSweepCsv } from "./sweep-export";

const result = makeRunResult({
  spec: { preset: "quick", workloads: ["noop", "item.get"], cacheModes: ["warm", "cold"], trials: 2, durationMs: 2000 },
  id: "fixture0000000001",
});

describe("exports", () => {
  it("writes the runner's CSV: a header and one row per cell and protocol", () => {
    const lines = renderCsv(result).trimEnd().split("\r\n");
    expect(lines[0]).toBe(csvHeader.join(","));
    expect(lines).toHaveLength(1 + result.cells.length * 2);
    expect(lines[1]).toContain(",noop,");
    expect(lines[2]).toContain(",grpc,");
  });

  it("writes a Markdown summary with one table row per cell, every verdict and the permalink", () => {
    const md = renderMarkdown(result, "http://127.0.0.1:3000/runs/fixture0000000001");
    expect(md).toMatch(/^# Relix run fixture0000000001 · preset quick/);
    expect(md).toContain("Report: http://127.0.0.1:3000/runs/fixture0000000001");
    for (const cell of result.cells) expect(md).toContain(cell.verdict);
    expect(md.match(/^\| `/gm)).toHaveLength(result.cells.length);
    expect(md).toContain("## About the quick preset");
  });

  it("keeps a pipe in imported text from breaking the Markdown table", () => {
    const tampered = structuredClone(result);
    tampered.cells[0]!.verdict = "a | b";
    expect(renderMarkdown(tampered)).toContain("a \\| b");
  });

  it("carries each cell's placement in both exports", () => {
    const placed = makeRunResult({ spec: { workloads: ["noop"], network: ["loopback", "cross-region"] } });
    const rows = renderCsv(placed).trimEnd().split("\r\n").slice(1);
    const column = csvHeader.indexOf("placement");
    expect(rows.map((r) => r.split(",")[column])).toEqual(["loopback", "loopback", "cross-region", "cross-region"]);
    const md = renderMarkdown(placed);
    expect(md).toContain("### Placement loopback");
    expect(md).toContain("### Placement cross-region · target 147 ms RTT");
  });

  it("carries each stack in both exports: a CSV row per stack, the stacks section in Markdown", () => {
    const stacked = makeRunResult({ spec: { workloads: ["noop"], stacks: ["express", "h2c", "grpc-js"] } });
    const rows = renderCsv(stacked).trimEnd().split("\r\n").slice(1);
    const column = csvHeader.indexOf("stack");
    expect(rows.map((r) => r.split(",")[column])).toEqual(["express", "h2c", "grpc-js"]);
    const md = renderMarkdown(stacked);
    expect(md).toContain("## Stacks: which layer decides");
    expect(md).toContain("| h2c | h2load |");
  });
});

describe("exports of a swept run", () => {
  const swept = makeSweepResult({
    axes: [
      { dimension: "records", values: [1, 10, 100, 1000] },
      { dimension: "network", values: ["loopback", "cross-region"] },
    ],
    speedupAt: (c) => (c.network === "cross-region" ? 1.6 : (c.records as number) >= 1000 ? 1.4 : 0.7),
    refinements: [{ records: 300, network: "loopback" }],
  });

  it("carries the core's sweep section in the Markdown: the grid and each workload's crossover sentence", () => {
    const md = renderMarkdown(swept);
    const section = md.slice(md.indexOf("## Sweep"));
    expect(md.indexOf("## Sweep")).toBeGreaterThan(0);
    for (const line of sweepSummaries(swept.sweep!)) expect(section).toContain(`- ${line}`);
  });

  it("writes a sweep CSV: a row per point with its coordinates, a row per crossover with its bracket", () => {
    const lines = renderSweepCsv(swept).trimEnd().split("\r\n");
    const header = lines[0]!.split(",");
    expect(header.slice(0, 5)).toEqual(["run_id", "kind", "workload", "records", "network"]);
    const points = lines.filter((l) => l.split(",")[1] === "point");
    expect(points).toHaveLength(9);
    const crossover = lines.find((l) => l.includes(",crossover,") && l.includes(",found,"))!.split(",");
    expect(crossover[header.indexOf("network")]).toBe("loopback");
    expect(crossover[header.indexOf("low")]).toBe("300");
    expect(crossover[header.indexOf("high")]).toBe("1000");
    expect(renderSweepCsv(result)).toBe("");
  });
});
