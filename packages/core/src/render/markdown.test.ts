import { describe, expect, it } from "vitest";
import { renderMarkdownReport } from "./markdown";
import { makeRunResult } from "../testing/result-fixture";

describe("renderMarkdownReport", () => {
  it("has a results table, every comparison sentence and the warnings as quotes", () => {
    const md = renderMarkdownReport(
      makeRunResult({ origin: "embedded", cells: [{ workload: "item.get", cacheMode: "warm" }] }),
    );
    expect(md).toMatch(/^# Relix run r_fixture0001/);
    expect(md).toContain("> **WARNING:** EMBEDDED BACKENDS");
    expect(md).toContain("| workload | cache | REST p50 ms | gRPC p50 ms |");
    expect(md).toMatch(/\| `item\.get` \| warm \| 0\.800 \| 0\.500 \| 2\.400 \| 1\.600 \| 9,000 \| 14,000 \|/);
    expect(md).toMatch(/gRPC 1\.60x faster at p50 \(95% CI [\d.]+-[\d.]+\); gRPC 1\.50x faster at p99/);
    expect(md).toContain("more throughput");
  });

  it("adds published vs measured and the preset's notes for a study preset", () => {
    const md = renderMarkdownReport(
      makeRunResult({ spec: { preset: "study-000" }, cells: [{ workload: "item.get", cacheMode: "warm" }] }),
    );
    expect(md).toContain("## Published (study-000) vs measured");
    expect(md).toMatch(
      /\| `item\.get` \| warm \| mean latency, warm cache \| ms \| 2\.240 \| 0\.900 \| 1\.600 \| 0\.600 \| 1\.40x \| 1\.50x \|/,
    );
    expect(md).toContain("## About the study-000 preset");
    expect(md).toContain("- Not reproduced: 20 samples per cell");
  });

  it("escapes pipes so a cell cannot break the table", () => {
    const md = renderMarkdownReport(makeRunResult({ warnings: ["a | b"] }));
    expect(md).toContain("> **WARNING:** a | b");
    const result = makeRunResult();
    result.cells[0]!.verdict = "x | y";
    expect(renderMarkdownReport(result)).toContain("x \\| y");
  });
});
