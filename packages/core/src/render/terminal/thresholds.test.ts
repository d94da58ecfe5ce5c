import { describe, expect, it } from "vitest";
import { makeRunResult } from "../../testing/result-fixture";
import { evaluateThreshold, formatThresholdOutcome, parseThreshold } from "./thresholds";

describe("parseThreshold", () => {
  it("reads latency in us, ms or s and stores ms", () => {
    expect(parseThreshold("grpc.p99<5ms")).toMatchObject({ subject: "grpc", metric: "p99", op: "<", value: 5 });
    expect(parseThreshold("grpc.p50<=800us")).toMatchObject({ op: "<=", value: 0.8 });
    expect(parseThreshold("rest.max < 1.5s")).toMatchObject({ subject: "rest", metric: "max", value: 1500 });
  });

  it("reads rps, errors and ratios as plain numbers", () => {
    expect(parseThreshold("rest.rps>=1000")).toMatchObject({ subject: "rest", metric: "rps", op: ">=", value: 1000 });
    expect(parseThreshold("grpc.errors<=0")).toMatchObject({ metric: "errors", value: 0 });
    expect(parseThreshold("ratio.p50>1.2")).toMatchObject({
      subject: "ratio",
      metric: "p50",
      bound: "estimate",
      value: 1.2,
    });
    expect(parseThreshold("ratio.rps.low>1x")).toMatchObject({ metric: "rps", bound: "low", value: 1 });
  });

  it("takes an optional workload and cache mode scope", () => {
    expect(parseThreshold("item.get:grpc.p99<5ms")).toMatchObject({ workload: "item.get", metric: "p99" });
    expect(parseThreshold("item.get@cold:rest.p50<10ms")).toMatchObject({ workload: "item.get", cacheMode: "cold" });
  });

  it.each([
    ["grpc.p99", /no comparison/],
    ["grpc.p99<5", /latency needs a unit/],
    ["grpc.p99<5h", /unknown latency unit "h"/],
    ["grpc.p42<5ms", /unknown metric "p42" for grpc \(use p50, p90/],
    ["http.p99<5ms", /unknown subject "http"/],
    ["ratio.p90>1", /unknown ratio "p90"/],
    ["ratio.p50.mid>1", /unknown ratio bound "mid"/],
    ["rest.rps>=1k", /plain number/],
    ["rest.rps>=fast", /not a number/],
    ["item.get@hot:grpc.p99<5ms", /unknown cache mode "hot"/],
    ["p99<5ms", /expected SUBJECT.METRIC/],
  ])("refuses %s with a message that says why", (source, message) => {
    expect(() => parseThreshold(source)).toThrow(message);
    expect(() => parseThreshold(source)).toThrow(`bad threshold "${source}"`);
  });
});

describe("evaluateThreshold", () => {
  const result = makeRunResult({
    cells: [
      { workload: "item.get", cacheMode: "warm", rest: { p99: 2.4, rps: 9000 }, grpc: { p50: 0.5, p99: 1.6 } },
      { workload: "item.get", cacheMode: "cold", rest: { p99: 9 }, grpc: { p50: 2, p99: 6 } },
      { workload: "noop", grpc: { errors: { UNAVAILABLE: 3 } } },
    ],
  });

  it("passes when every matching cell satisfies it", () => {
    const outcome = evaluateThreshold(parseThreshold("item.get@warm:grpc.p99<5ms"), result);
    expect(outcome.passed).toBe(true);
    expect(formatThresholdOutcome(outcome)[0]).toBe("pass  item.get@warm:grpc.p99<5ms (item.get@warm 1.600 ms)");
  });

  it("fails when one cell does not, and names it with its value", () => {
    const outcome = evaluateThreshold(parseThreshold("grpc.p99<5ms"), result);
    expect(outcome.passed).toBe(false);
    expect(formatThresholdOutcome(outcome)).toEqual(["FAIL  grpc.p99<5ms", "        item.get@cold: measured 6.000 ms"]);
  });

  it("compares ratios with the speedup (above 1: gRPC better) and its CI bounds", () => {
    expect(evaluateThreshold(parseThreshold("item.get@warm:ratio.p50>1.2"), result).passed).toBe(true);
    expect(evaluateThreshold(parseThreshold("item.get@warm:ratio.p50.low>1.2"), result).passed).toBe(true);
    expect(evaluateThreshold(parseThreshold("item.get@warm:ratio.p50.high<1.2"), result).passed).toBe(false);
  });

  it("counts errors", () => {
    const outcome = evaluateThreshold(parseThreshold("grpc.errors<=0"), result);
    expect(outcome.passed).toBe(false);
    expect(formatThresholdOutcome(outcome)).toContain("        noop: measured 3 errors");
  });

  it("fails a threshold that matches no cell", () => {
    const outcome = evaluateThreshold(parseThreshold("echo:grpc.p99<5ms"), result);
    expect(outcome.passed).toBe(false);
    expect(formatThresholdOutcome(outcome)).toEqual(["FAIL  echo:grpc.p99<5ms: no cell of this run matches it"]);
  });
});
