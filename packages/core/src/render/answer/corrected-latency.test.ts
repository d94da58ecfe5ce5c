import { describe, expect, it } from "vitest";
import { makeRunResult } from "../../testing/result-fixture";
import { renderMarkdownReport } from "../markdown/markdown";
import { renderTableReport } from "../terminal/table";

describe("an open loop's corrected latency beside the raw one", () => {
  const plain = makeRunResult({
    cells: [{ workload: "item.get", rest: { p50: 0.8, p99: 2.3 }, grpc: { p50: 0.6, p99: 1.8 } }],
  });
  const open = structuredClone(plain);
  const cell = open.cells[0]!;
  cell.rest.correctedLatencyMs = { ...cell.rest.latencyMs, p50: 0.9, p99: 812.5 };
  cell.rest.latencyCorrection = "scheduled";
  cell.grpc.correctedLatencyMs = { ...cell.grpc.latencyMs, p50: 0.7, p99: 640.25 };
  cell.grpc.latencyCorrection = "expected-interval";

  it("the terminal table labels raw and corrected columns and gives both", () => {
    const lines = renderTableReport(open).split("\n");
    expect(lines.find((l) => l.startsWith("workload"))).toMatch(
      /p50 ms raw\s+p99 ms raw\s+p50 ms corrected\s+p99 ms corrected\s+rps/,
    );
    const rest = lines.find((l) => l.startsWith("item.get"))!;
    expect(rest).toMatch(/REST\s+0\.800\s+2\.300\s+0\.900\s+812\.500/);
    expect(lines[lines.indexOf(rest) + 1]).toMatch(/gRPC\s+0\.600\s+1\.800\s+0\.700\s+640\.250/);
    expect(lines.join("\n")).toContain("corrected = from its intended send time");
  });

  it("Markdown has the same columns", () => {
    const md = renderMarkdownReport(open);
    expect(md).toContain("| REST p50 ms raw | gRPC p50 ms raw | REST p99 ms raw | gRPC p99 ms raw |");
    expect(md).toContain(
      "| REST p50 ms corrected | gRPC p50 ms corrected | REST p99 ms corrected | gRPC p99 ms corrected |",
    );
    expect(md).toMatch(/\| 812\.500 \| 640\.250 \|/);
  });

  it("a closed loop (or a result written before) keeps the plain columns", () => {
    expect(renderTableReport(plain)).not.toContain("corrected");
    expect(renderMarkdownReport(plain)).not.toContain("corrected");
  });
});
