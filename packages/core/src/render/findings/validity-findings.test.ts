import { describe, expect, it } from "vitest";
import { makeRunResult } from "../../testing/result-fixture";
import { findingsOf } from "./findings-of";
import {
  CLIENT_CPU_FACTOR,
  MIN_WINDOW_REQUESTS,
  generatorCpuMsPerRequest,
  requestsNeededFor,
} from "../../findings/validity-rules";
import { validityFindings } from "./validity-findings";

/** One item.get (warm) cell, one trial per side; `rps` x the 1 s window = requests in the window. */
const oneCell = (rest: number, grpc: number, extra: { rest?: object; grpc?: object } = {}) =>
  makeRunResult({
    spec: { durationMs: 1_000, trials: 1 },
    cells: [
      {
        workload: "item.get",
        cacheMode: "warm",
        rest: { rps: rest, ...extra.rest },
        grpc: { rps: grpc, ...extra.grpc },
      },
    ],
  });

const kinds = (result: ReturnType<typeof oneCell>) => findingsOf(result).map((f) => f.kind);

describe("validity findings: sample sizes", () => {
  it("states the percentile rule: ten requests beyond it", () => {
    expect(requestsNeededFor(0.99)).toBe(1_000);
    expect(requestsNeededFor(0.999)).toBe(10_000);
    expect(MIN_WINDOW_REQUESTS).toBe(300);
  });

  it("a well-filled window has none", () => {
    expect(validityFindings(oneCell(20_000, 30_000))).toEqual([]);
  });

  it("p99.9 from fewer than 10,000 requests is a note naming the windows, fewest first", () => {
    const findings = validityFindings(oneCell(5_000, 8_000));
    expect(findings).toEqual([
      {
        kind: "few-samples-percentile",
        severity: "note",
        text: expect.stringMatching(
          /^FEW SAMPLES FOR P99\.9: it needs 10,000 requests .* 2 of 2 windows had fewer: REST item\.get \(warm\) \(5,000\), gRPC item\.get \(warm\) \(8,000\);/,
        ),
      },
    ]);
  });

  it("p99 from fewer than 1,000 requests is a warning, about the one side when only one is short", () => {
    const p99 = validityFindings(oneCell(20_000, 800)).find((f) => f.text.startsWith("FEW SAMPLES FOR P99:"));
    expect(p99).toMatchObject({
      severity: "warning",
      about: { workload: "item.get", cacheMode: "warm", protocol: "grpc" },
    });
    expect(p99!.text).toContain("gRPC item.get (warm) (800)");
    expect(p99!.text).not.toContain("REST");
  });

  it("a window under 300 requests is a warning of its own, printed among the run's warnings", () => {
    const result = oneCell(20_000, 120);
    const short = findingsOf(result).find((f) => f.kind === "short-window");
    expect(short?.severity).toBe("warning");
    expect(short?.text).toMatch(/^SHORT WINDOW: fewer than 300 successful requests .* gRPC item\.get \(warm\) \(120\)/);
    // Warnings (the short window, p99) come before the p99.9 note in every output.
    const texts = findingsOf(result).map((f) => f.text);
    const p999 = texts.findIndex((t) => t.startsWith("FEW SAMPLES FOR P99.9"));
    expect(texts.findIndex((t) => t.startsWith("SHORT WINDOW"))).toBeLessThan(p999);
    expect(texts.findIndex((t) => t.startsWith("FEW SAMPLES FOR P99:"))).toBeLessThan(p999);
  });

  it("judges each side by its smallest trial window", () => {
    const result = makeRunResult({
      spec: { durationMs: 1_000, trials: 3 },
      cells: [{ workload: "noop", rest: { rps: 1_010 }, grpc: { rps: 20_000 } }],
    });
    // The fixture's trial spread puts one REST trial at 0.97 x 1,010 = 980 requests.
    expect(validityFindings(result).map((f) => f.text)).toContainEqual(
      expect.stringContaining("FEW SAMPLES FOR P99: it needs 1,000 requests"),
    );
  });
});

describe("validity findings: the load generators' own CPU per request", () => {
  it("per request is the generator's busy cores over the rate", () => {
    expect(generatorCpuMsPerRequest({ threads: "one", coreFraction: 0.5, eventLoopUtilization: 0.4 }, 5_000)).toBe(0.1);
    expect(generatorCpuMsPerRequest({ threads: "many", cores: 0.6, machineCores: 2 }, 2_000)).toBeCloseTo(0.3);
    expect(generatorCpuMsPerRequest({ threads: "many", cores: null, machineCores: 2 }, 2_000)).toBeNull();
  });

  it(`is a warning for the cell when the two differ by more than ${CLIENT_CPU_FACTOR}x`, () => {
    const result = oneCell(20_000, 30_000, {
      rest: { generatorCpuMsPerRequest: 0.05 },
      grpc: { generatorCpuMsPerRequest: 0.4 },
    });
    expect(findingsOf(result)).toContainEqual({
      kind: "client-cpu-per-request",
      severity: "warning",
      text: expect.stringMatching(
        /^CLIENTS UNEQUAL for item\.get \(warm\): .* differs 8\.0x \(ghz 0\.400 ms for gRPC, autocannon 0\.050 ms for REST; more than 2x is reported\)/,
      ),
      about: { workload: "item.get", cacheMode: "warm" },
    });
  });

  it("says the same program did unequal work, not that two tools differ, when one client drove both sides", () => {
    const result = oneCell(20_000, 30_000, {
      rest: { generatorCpuMsPerRequest: 0.15 },
      grpc: { generatorCpuMsPerRequest: 0.45 },
    });
    for (const side of [result.cells[0]!.rest, result.cells[0]!.grpc]) side.generator.tool = "h2load";
    const findings = findingsOf(result);
    expect(findings.map((f) => f.kind)).not.toContain("client-cpu-per-request");
    expect(findings).toContainEqual({
      kind: "client-work-unequal",
      severity: "warning",
      text: expect.stringMatching(
        /^CLIENT WORK UNEQUAL for item\.get \(warm\): one client program for both \(h2load\) spent 3\.0x the CPU per call on the gRPC side \(0\.450 ms against 0\.150 ms for REST; more than 2x is reported\)\. The program is the same/,
      ),
      about: { workload: "item.get", cacheMode: "warm" },
    });
  });

  it("says a client's start-up is inside its CPU per call when a window held few calls", () => {
    const short = oneCell(40, 30_000, {
      rest: { generatorCpuMsPerRequest: 0.05 },
      grpc: { generatorCpuMsPerRequest: 0.4 },
    });
    const [unequal] = findingsOf(short).filter((f) => f.kind === "client-cpu-per-request");
    expect(unequal!.text).toMatch(
      /With as few as 40 calls in a window, each client's start-up is inside its CPU per call/,
    );
    const long = oneCell(20_000, 30_000, {
      rest: { generatorCpuMsPerRequest: 0.05 },
      grpc: { generatorCpuMsPerRequest: 0.4 },
    });
    expect(findingsOf(long).find((f) => f.kind === "client-cpu-per-request")!.text).not.toContain("start-up");
    // Read over the window alone, the figures have no start-up in them, however few the calls.
    const overWindow = oneCell(40, 30_000, {
      rest: { generatorCpuMsPerRequest: 0.05, generatorCpuSpan: "window" },
      grpc: { generatorCpuMsPerRequest: 0.4, generatorCpuSpan: "window" },
    });
    expect(findingsOf(overWindow).find((f) => f.kind === "client-cpu-per-request")!.text).not.toContain("start-up");
  });

  it("says nothing within the factor, or when a result did not record the figure", () => {
    const near = oneCell(20_000, 30_000, {
      rest: { generatorCpuMsPerRequest: 0.05 },
      grpc: { generatorCpuMsPerRequest: 0.09 },
    });
    expect(kinds(near)).not.toContain("client-cpu-per-request");
    expect(kinds(oneCell(20_000, 30_000))).not.toContain("client-cpu-per-request");
  });
});
