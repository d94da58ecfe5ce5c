import { describe, expect, it } from "vitest";
import { clientStepSentence, toolsBesideSentence } from "./client-step-text";

const ci = (estimate: number, low: number, high: number) => ({ estimate, low, high });

describe("clientStepSentence", () => {
  it("names the two programs, the server and the share of the tools' lead it makes", () => {
    const { text, gapShare } = clientStepSentence({
      workload: "meteorites.get",
      side: "grpc",
      stack: "grpc-js",
      from: "ghz",
      to: "h2load",
      step: ci(1.6, 1.5, 1.7),
      toolsGap: ci(0.43, 0.4, 0.46),
    });
    expect(text).toMatch(
      /^on meteorites\.get, one client for both in place of ghz on grpc-js \(ghz -> h2load\): h2load 1\.60x faster at p50/,
    );
    expect(text).toContain("of the REST 2.33x lead the tools showed");
    expect(gapShare).toBeGreaterThan(0.5);
  });

  it("shares nothing when the step's own interval straddles 1", () => {
    const { text, gapShare } = clientStepSentence({
      workload: "item.get",
      side: "rest",
      stack: "express",
      from: "autocannon",
      to: "h2load",
      step: ci(1.02, 0.95, 1.1),
      toolsGap: ci(0.8, 0.7, 0.9),
    });
    expect(text).toContain("no significant difference");
    expect(text).not.toContain("lead the tools showed");
    expect(gapShare).toBeNull();
  });
});

describe("toolsBesideSentence", () => {
  it("gives the equal clients' verdict first, then what the tools said and which client made the gap", () => {
    const text = toolsBesideSentence({
      equalVerdict: "no significant difference at p50, none larger than 8%",
      equalClient: "h2load",
      tools: { rest: "autocannon", grpc: "ghz" },
      toolsGap: ci(0.31, 0.25, 0.38),
      toolsCpuMs: { rest: 0.54, grpc: 11.3 },
      shares: { rest: 0.05, grpc: 0.9 },
    });
    expect(text).toBe(
      "no significant difference at p50, none larger than 8% with one client for both (h2load); autocannon vs ghz said REST 3.23x faster, ghz spent 11.3 ms of CPU per call against autocannon's 540 µs: ghz's own work made most of that gap",
    );
  });

  it("names no cause when no client step makes most of the gap", () => {
    const text = toolsBesideSentence({
      equalVerdict: "REST 1.50x faster at p50",
      equalClient: "h2load",
      tools: { rest: "autocannon", grpc: "ghz" },
      toolsGap: ci(0.5, 0.45, 0.55),
      toolsCpuMs: { rest: 0.5, grpc: 1.5 },
      shares: { rest: 0.1, grpc: 0.3 },
    });
    expect(text).toMatch(/ghz spent 1\.5 ms of CPU per call against autocannon's 500 µs$/);
  });
});
