import { describe, expect, it } from "vitest";
import { makeRunResult } from "../../testing/result-fixture";
import { makeQuestionsResult } from "../../testing/questions-fixture";
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

describe("the short terminal report of a run that asked both headline questions", () => {
  const result = makeQuestionsResult();
  const text = renderSummaryReport(result);
  const lines = text.trimEnd().split("\n");
  const answer = (name: string) => lines.find((l) => l.startsWith(`  ${name} `))!;

  it("names the two questions under the run's question", () => {
    expect(lines[2]).toMatch(/^Is gRPC faster than REST for noop, item\.get, meteorites\.get and stream/);
    expect(lines[3]).toBe(
      "  latency: p50 at one call in flight; capacity: calls per second per server core at 8 in flight",
    );
  });

  it("gives each cell both figures side by side, each with its interval, and the client that measured them", () => {
    expect(answer("noop")).toMatch(
      /^ {2}noop\s+latency \(1 in flight\): {2}REST 1\.65x sooner\s+\[1\.\d\d-1\.\d\d\]\s+capacity: {2}gRPC 1\.96x calls\/core\s+\[1\.\d\d-2\.\d\d\]\s+h2load \(server \+ wire\)$/,
    );
    expect(answer("stream")).toMatch(/REST 2\.79x sooner\s+\[[\d.-]+\]\s+capacity:\s+REST 1\.50x calls\/core/);
    // Without a winner: the margin's words, never a side.
    expect(answer("item.get (warm)")).toMatch(/capacity:\s+the same within 5%\s+\[1\.00-1\.00\]/);
    expect(answer("meteorites.get (warm)")).toMatch(
      /latency \(1 in flight\):\s+not enough to tell\s+\[REST [\d.]+x – gRPC [\d.]+x\]/,
    );
    // Both servers busy under half a core: its capacity is no capacity.
    expect(answer("meteorites.get (warm)")).toMatch(/capacity:\s+not saturated \(REST 1\.01x\)/);
    // The p50 at 8 in flight is not called latency: no line says "faster".
    expect(lines.slice(3, 8).join("\n")).not.toContain("faster");
  });

  it("lines up the two figures in columns", () => {
    const rows = ["noop", "item.get (warm)", "meteorites.get (warm)", "stream"].map(answer);
    for (const column of ["latency (", "capacity:", "h2load"]) {
      expect(new Set(rows.map((row) => row.indexOf(column))).size, column).toBe(1);
    }
  });

  it("puts latency at one call in flight, the own load's figures headed by it, and calls per core in the table", () => {
    const header = lines.find((l) => l.startsWith("cell"))!;
    expect(header).toMatch(/^cell\s+side\s+client\s+p50 @1\s+p99 @1\s+p50 @8\s+p99 @8\s+rps\s+calls\/core\s+errors$/);
    const noop = lines.find((l) => l.startsWith("noop "))!;
    expect(noop).toMatch(/REST\s+h2load\s+0\.176\s+0\.410\s+1\.310\s+2\.900\s+6,090\s+5,556\s+0$/);
    expect(lines[lines.indexOf(noop) + 1]).toMatch(
      /^\s+gRPC\s+h2load\s+0\.291\s+0\.600\s+0\.680\s+1\.600\s+11,800\s+10,870\s+0$/,
    );
    expect(text).toContain("@1: one call in flight · @8: the cell's own load, under saturation (mostly queueing)");
  });

  it("still fits a screen for four cells", () => {
    expect(lines.length).toBeLessThanOrEqual(25);
  });

  it("reads a result written before the questions as it did: p50 verdicts and no capacity column", () => {
    const before = renderSummaryReport(fourCells());
    expect(before).not.toContain("calls/core");
    expect(before).not.toContain("latency (");
    expect(before).toMatch(/ {2}noop\s+gRPC 1\.75x faster/);
  });
});
