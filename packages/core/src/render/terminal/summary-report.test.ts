import { describe, expect, it } from "vitest";
import { makeRunResult } from "../../testing/result-fixture";
import { withFacts } from "../../findings/testing/with-facts";
import { FINDING_KINDS } from "../../findings/finding-catalog";
import { renderSummaryReport } from "./summary-report";
import { renderTableReport } from "./table";

const fourCells = () =>
  makeRunResult({
    spec: { preset: "quick" },
    cells: [
      { workload: "noop", rest: { p50: 0.35, p99: 0.9, rps: 6000 }, grpc: { p50: 0.2, p99: 0.6, rps: 9000 } },
      {
        workload: "item.get",
        cacheMode: "warm",
        rest: { p50: 0.812, p99: 2.311, rps: 9812 },
        grpc: { p50: 0.571, p99: 1.804, rps: 13104 },
      },
      {
        workload: "meteorites.get",
        cacheMode: "warm",
        rest: { p50: 20, p99: 30, rps: 300 },
        grpc: { p50: 20.1, p99: 31, rps: 298 },
      },
      { workload: "stream", rest: { p50: 5, p99: 9, rps: 1500 }, grpc: { p50: 8, p99: 12, rps: 950 } },
    ],
  });

describe("the short terminal report", () => {
  const result = fourCells();
  const text = renderSummaryReport(result);
  const lines = text.trimEnd().split("\n");

  it("fits a screen for four cells, far shorter than the full report", () => {
    expect(lines.length).toBeLessThanOrEqual(25);
    expect(renderTableReport(result).split("\n").length).toBeGreaterThan(lines.length);
  });

  it("asks the question, then gives one line per comparison with the faster side named and its factor above 1", () => {
    expect(lines[2]).toMatch(/^Is gRPC faster than REST for noop, item\.get, meteorites\.get and stream/);
    const noop = lines.find((l) => l.startsWith("  noop"))!;
    expect(noop).toMatch(/gRPC 1\.75x faster\s+\[\d\.\d\d-\d\.\d\d\]\s+autocannon vs ghz$/);
    const stream = lines.find((l) => l.startsWith("  stream"))!;
    expect(stream).toMatch(/REST 1\.60x faster\s+\[\d\.\d\d-\d\.\d\d\]/);
    const meteorites = lines.find((l) => l.startsWith("  meteorites.get (warm)"))!;
    expect(meteorites).toMatch(/no clear winner \((REST|gRPC) 1\.\d\dx here\)\s+\[REST \d\.\d\dx – gRPC \d\.\d\dx\]/);
    // Never a ratio below 1.
    expect(text).not.toMatch(/\b0\.\d\dx/);
  });

  it("puts each side's figures in one table with the client that measured them", () => {
    const header = lines.find((l) => l.startsWith("cell"))!;
    expect(header).toMatch(/^cell\s+side\s+client\s+p50 ms\s+p99 ms\s+rps\s+errors$/);
    const rest = lines.find((l) => l.startsWith("item.get (warm)"))!;
    expect(rest).toMatch(/REST\s+autocannon\s+0\.812\s+2\.311\s+9,812\s+0$/);
    expect(lines[lines.indexOf(rest) + 1]).toMatch(/^\s+gRPC\s+ghz\s+0\.571\s+1\.804\s+13,104\s+0$/);
  });

  it("lists findings one line each with their catalog code, and says how to read more", () => {
    const dropped = withFacts(result, {
      measure: ({ workload, protocol }) =>
        workload === "stream" && protocol === "grpc" ? [{ kind: "dropped-in-flight", tool: "ghz", requests: 12 }] : [],
    });
    const out = renderSummaryReport(dropped);
    const head = out.split("\n").find((l) => l.startsWith("Findings:"))!;
    expect(head).toContain("pnpm bench --explain CODE");
    expect(head).toMatch(/^Findings: none can change a verdict/);
    expect(out).toContain(`· ${FINDING_KINDS["dropped-in-flight"]!.code} DROPPED IN FLIGHT in 1 of 4 cells: stream`);
    for (const line of out.split("\n").filter((l) => /^ {2}[!·] /.test(l))) expect(line).toMatch(/^ {2}[!·] RX\d{3} /);
  });

  it("warns before any figure when the backends were embedded", () => {
    const embedded = structuredClone(result);
    embedded.environment.backends.origin = "embedded";
    expect(renderSummaryReport(embedded).split("\n")[0]).toContain("EMBEDDED BACKENDS");
  });
});
