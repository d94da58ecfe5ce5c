import { describe, expect, it } from "vitest";
import { renderMarkdownReport } from "./markdown";
import { makeRunResult } from "../../testing/result-fixture";
import { makeQuestionsResult } from "../../testing/questions-fixture";
import { withFacts } from "../../findings/testing/with-facts";
import { findingsOf } from "../findings/findings-of";

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
      makeRunResult({
        spec: { preset: "study-000", connections: 1 },
        cells: [{ workload: "item.get", cacheMode: "warm" }],
      }),
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

  it("says each finding once, in the same words as every other output", () => {
    const result = withFacts(makeRunResult({ origin: "embedded", cells: [{ workload: "noop", trials: 3 }] }), {
      measure: ({ protocol, trial }) =>
        protocol === "grpc" && trial > 1
          ? [{ kind: "generator-saturated", tool: "ghz", cpuFraction: 0.7, limit: "machine", machineCores: 2 }]
          : [],
    });
    const md = renderMarkdownReport(result);
    const findings = findingsOf(result);
    expect(findings.map((f) => f.kind)).toEqual(["embedded-backends", "generator-saturated", "load-loop"]);
    for (const finding of findings) {
      expect(md.split(finding.text).length - 1, finding.kind).toBe(1);
      expect(md).toContain(finding.severity === "warning" ? `> **WARNING:** ${finding.text}` : `- ${finding.text}`);
    }
    expect(md).toContain("(trials 2, 3 of 3)");
    expect(md).toMatch(/## Notes\n\n- closed loop: /);
  });

  it("lists an older result's notes", () => {
    const old = makeRunResult();
    old.cells[0]!.trials[0]!.rest.notes = ["rate < connections: autocannon used only 2 connection(s)"];
    expect(renderMarkdownReport(old)).toContain(
      "## Notes\n\n- rate < connections: autocannon used only 2 connection(s)",
    );
  });
});

describe("renderMarkdownReport of a run that asked both headline questions", () => {
  const md = renderMarkdownReport(makeQuestionsResult());

  it("puts both figures of each cell in a table under the answer, each column headed by its question", () => {
    const answer = md.slice(md.indexOf("## Answer"), md.indexOf("**Picture:**"));
    expect(answer).toContain(
      "| cell | latency: p50 at one call in flight | capacity: calls per second per server core at 8 in flight | client |",
    );
    expect(answer).toMatch(
      /\| noop \| \*\*REST 1\.65x sooner\*\* \[[\d.-]+\] \| \*\*gRPC 1\.96x calls\/core\*\* \[[\d.-]+\] \| h2load \(server \+ wire\) \|/,
    );
    expect(answer).toMatch(
      /\| meteorites\.get \(warm\) \| not enough to tell \[REST [\d.]+x – gRPC [\d.]+x\] \| not saturated/,
    );
    expect(answer).toMatch(
      /\| item\.get \(warm\) \| \*\*REST 1\.32x sooner\*\* [^|]+\| the same within 5% \[1\.00-1\.00\] \|/,
    );
  });

  it("says at which load each comparison was read, latency at one call in flight first", () => {
    expect(md).toMatch(
      /- \*\*`noop`\*\* \(none\): At one call in flight: REST 1\.65x faster at p50 \([^)]*\); REST [\d.]+x faster at p99 \([^)]*\)\. At 8 in flight, under saturation: gRPC 1\.93x faster at p50/,
    );
    expect(md).toMatch(/\| workload \| cache \| REST p50 ms @8 \| gRPC p50 ms @8 \|/);
  });

  it("has no such table for a result written before the questions", () => {
    const before = renderMarkdownReport(makeRunResult({ cells: [{ workload: "noop" }] }));
    expect(before).not.toContain("| cell | latency");
    expect(before).toContain("| workload | cache | REST p50 ms | gRPC p50 ms |");
  });
});
