import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { ladderDomain, stackPanels } from "./stack-rows";

const stacked = makeRunResult({
  spec: { workloads: ["noop"], stacks: ["express", "node", "node-protobuf", "h2c", "grpc-js", "grpc-js-static"] },
});

describe("stack panels", () => {
  it("walks each layer from express to grpc-js, then the whole difference, each with its interval and sentence", () => {
    const [panel] = stackPanels(stacked);
    expect(panel!.ladder.map((r) => r.step)).toEqual([
      "framework: express → node",
      "encoding: node → node-protobuf",
      "transport: node → h2c",
      "codec: grpc-js → grpc-js-static",
      "whole difference: express → grpc-js",
    ]);
    const framework = panel!.ladder[0]!;
    expect(framework.ratio).toBeCloseTo(0.8 / 0.7, 2);
    expect(framework.error[0]).toBeCloseTo(framework.ratio - framework.low, 6);
    expect(framework.significant).toBe(true);
    expect(panel!.ladder[1]!.significant).toBe(false);
    expect(panel!.ladder[4]!.text).toBe(stacked.cells[0]!.verdict);
  });

  it("splits each stack's client mean into parts that add up, in ms", () => {
    const express = stackPanels(stacked)[0]!.splits[0]!;
    expect(express).toMatchObject({ stack: "express", framework: 0.032, codec: 0.008, handler: 0.02, addsUp: true });
    expect(express.networkClient! + express.framework! + express.codec! + express.handler!).toBeCloseTo(0.9, 6);
  });

  it("puts 1 in the middle of a log axis that reaches past every interval", () => {
    const { domain, ticks } = ladderDomain([{ low: 0.9, high: 1.8 }]);
    expect(domain[0] * domain[1]).toBeCloseTo(1, 2);
    expect(domain[1]).toBeGreaterThanOrEqual(1.8);
    expect(ticks).toContain(1);
    expect(ticks.length % 2).toBe(1);
  });

  it("has no panels for a run of express and grpc-js alone", () => {
    expect(stackPanels(makeRunResult({ spec: { workloads: ["noop"] } }))).toEqual([]);
  });
});
