import { describe, expect, it } from "vitest";
import { makeRunResult } from "../../testing/result-fixture";
import { makeSweepResult } from "../../testing/sweep-fixture";
import type { FindingGroup } from "../findings/finding-groups";
import { answerOf, MAX_HEADLINES } from "./answer";
import { renderMarkdownReport } from "../markdown/markdown";
import { renderTableReport } from "../terminal/table";

describe("answerOf", () => {
  it("asks a plain run's question from its spec and answers with each cell's own verdict, a handful at most", () => {
    const result = makeRunResult({
      spec: { workloads: ["noop", "item.get", "item.list"], cacheModes: ["warm", "cold"], trials: 3 },
    });
    const answer = answerOf(result);
    expect(answer.question).toBe(
      "Is gRPC faster than REST for noop, item.get and item.list with a warm and cold cache?",
    );
    expect(answer.headlines).toHaveLength(MAX_HEADLINES);
    expect(answer.headlines[1]).toBe(`item.get (warm): ${result.cells[1]!.verdict}`);
    expect(answer.more).toBe(result.cells.length - MAX_HEADLINES);
    expect(answer.picture).toBe("speedup");
    expect(answer.why).toBeNull();
    expect(answer.trust).toBe("No finding can change these verdicts.");
  });

  it("answers a sweep with its crossover and its map", () => {
    const result = makeSweepResult({
      axes: [{ dimension: "records", values: [1, 10, 100, 1000, 10000] }],
      speedupAt: (c) => ((c.records as number) >= 1000 ? 1.4 : 0.7),
      rest: { generatorCpuMsPerRequest: 0.02 },
      grpc: { generatorCpuMsPerRequest: 0.2 },
    });
    const answer = answerOf(result);
    expect(answer.question).toBe(
      "Is gRPC faster than REST for item.list with a warm cache, from 1 record to 10,000 records?",
    );
    expect(answer.headlines).toHaveLength(1);
    expect(answer.headlines[0]).toMatch(/^item\.list: gRPC starts to win at about/);
    expect(answer.picture).toBe("sweep");
    expect(answer.trust).toBe("1 finding can change these verdicts (clients unequal).");
  });

  it("names each kind of caveat once, though a warning and a note of it are two groups", () => {
    // 800 requests a window: too few for p99 (a warning) and for p99.9 (a note), and a short window.
    const result = makeRunResult({
      spec: { durationMs: 1_000, trials: 1 },
      cells: [{ workload: "item.get", cacheMode: "warm", rest: { rps: 250 }, grpc: { rps: 800 } }],
    });
    expect(answerOf(result).trust).toMatch(/^2 findings can change these verdicts \(short window, few samples\); /);
  });

  it("counts every caveat and names a shared title once, with how many share it", () => {
    const result = makeRunResult({ spec: { workloads: ["noop"], trials: 3 } });
    const group = (kind: string, title: string): FindingGroup => ({
      kind,
      severity: "warning",
      weight: "verdict",
      title,
      code: null,
      cells: [],
      summary: title,
      paragraph: title,
      findings: [],
      anchor: `finding-${kind}`,
    });
    // An older result's recorded warnings are one group each, all titled alike.
    const groups = [
      group("recorded", "RECORDED"),
      group("recorded", "RECORDED"),
      group("short-window", "SHORT WINDOW"),
    ];
    expect(answerOf(result, groups).trust).toBe("3 findings can change these verdicts (recorded x2, short window).");
  });

  it("answers a placement run per workload across its placements, and a stacks run with the layer that decided", () => {
    const placed = makeRunResult({
      spec: { workloads: ["noop"], network: ["loopback", "cross-region"], trials: 3 },
      placements: [{ name: "cross-region", measuredRttMs: 148.2 }],
    });
    expect(answerOf(placed).picture).toBe("placements");
    expect(answerOf(placed).headlines[0]).toContain("at 148.2 ms RTT (cross-region)");
    const stacked = makeRunResult({
      spec: {
        workloads: ["noop"],
        stacks: ["express", "node", "node-protobuf", "h2c", "grpc-js", "grpc-js-static"],
        trials: 3,
      },
    });
    const answer = answerOf(stacked);
    expect(answer.picture).toBe("stacks");
    expect(answer.why).toMatch(/^the framework \(express → node\) moved p50 the most; noop: /);
  });

  it("comes first in the terminal and the Markdown, the findings once per kind after it", () => {
    const result = makeSweepResult({
      axes: [{ dimension: "records", values: [1, 10, 100, 1000, 10000] }],
      speedupAt: () => 1.4,
      rest: { generatorCpuMsPerRequest: 0.02 },
      grpc: { generatorCpuMsPerRequest: 0.2 },
    });
    const text = renderTableReport(result);
    expect(text.indexOf("Answer")).toBeLessThan(text.indexOf("p50 speedup [95% CI]"));
    expect(text.split("!!! WARNING: CLIENTS UNEQUAL").length - 1).toBe(1);
    expect(text).toContain("!!! WARNING: CLIENTS UNEQUAL in 5 of 5 cells: item.list (warm) at 1 record");
    const md = renderMarkdownReport(result);
    expect(md.indexOf("## Answer")).toBeLessThan(md.indexOf("## Findings"));
    expect(md.indexOf("## Findings")).toBeLessThan(md.indexOf("## Results"));
    expect(md).toContain("**Trust:** [1 finding can change these verdicts (clients unequal).](#findings)");
    expect(md.split("> **WARNING:** CLIENTS UNEQUAL").length - 1).toBe(1);
  });
});
