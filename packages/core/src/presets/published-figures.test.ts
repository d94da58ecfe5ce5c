import { describe, expect, it } from "vitest";
import type { CellResult, RunResult } from "../result/result-schema";
import {
  figureSpeedup,
  publishedFiguresFor,
  publishedFiguresOfResult,
  withPublishedFigures,
} from "./published-figures";
import { getPreset, specFromPreset } from "./presets";
import type { PresetOverrides } from "./preset-sweep-overrides";
import { makeRunResult } from "../testing/result-fixture";
import { presetDocSection } from "../testing/presets-doc";

/** Just enough of a cell for the figures: latency, rps, bodies, in-flight count. */
function cell(
  workload: string,
  cacheMode: CellResult["cacheMode"],
  restMean: number,
  grpcMean: number,
  inFlight = 1,
): CellResult {
  const side = (protocol: "rest" | "grpc", mean: number) => ({
    protocol,
    rps: 1000 / mean,
    requests: 100,
    errors: { total: 0, byCode: {} },
    latencyMs: {
      count: 100,
      p50: mean * 0.9,
      p90: mean,
      p95: mean,
      p99: mean * 2,
      p999: mean * 3,
      max: mean * 4,
      min: mean / 2,
      mean,
      stddev: 0.1,
    },
    histogram: "",
    connections: { tcp: 1, inFlight },
    server: {
      cpuMsPer1000: null,
      peakRssBytes: null,
      serverTimeMsMean: null,
      cacheHitRatio: null,
      wireBytesPerRequest: null,
    },
    generator: {
      tool: protocol === "rest" ? ("autocannon" as const) : ("ghz" as const),
      cpuFraction: null,
      saturated: false,
    },
  });
  return {
    workload,
    label: workload,
    study: "000",
    cacheMode,
    payload: {
      rest: { requestBodyBytes: 0, responseBodyBytes: 112 },
      grpc: { requestBodyBytes: 5, responseBodyBytes: 81 },
    },
    trials: [],
    rest: side("rest", restMean),
    grpc: side("grpc", grpcMean),
    comparisons: [],
    verdict: "",
  };
}

describe("publishedFiguresFor", () => {
  const cells = [cell("item.get", "warm", 1, 0.5), cell("item.get", "cold", 4, 2)];

  it("fills measured from the matching cell, in the figure's unit", () => {
    const figures = publishedFiguresFor("study-000", cells);
    expect(figures.find((f) => f.label.startsWith("mean latency, warm"))).toMatchObject({
      workload: "item.get",
      cacheMode: "warm",
      published: { rest: 2.24, grpc: 1.6 },
      measured: { rest: 1, grpc: 0.5 },
    });
    expect(figures.find((f) => f.unit === "B")!.measured).toEqual({ rest: 112, grpc: 81 });
  });

  it("computes the cache improvement from the warm and cold cells", () => {
    const improvement = publishedFiguresFor("study-000", cells).find((f) => f.unit === "%")!;
    expect(improvement.measured).toEqual({ rest: 75, grpc: 75 });
    expect(publishedFiguresFor("study-000", [cells[0]!]).find((f) => f.unit === "%")!.measured).toEqual({
      rest: null,
      grpc: null,
    });
  });

  it("converts mean latency to ms per loop of 200 calls for study 003", () => {
    const figures = publishedFiguresFor(getPreset("study-003"), [cell("meteorites.version", "none", 0.2, 0.15)]);
    expect(figures).toHaveLength(1);
    expect(figures[0]!.measured).toEqual({ rest: 40, grpc: 30 });
  });

  it("compares study 001's Light figures on the placement each cell ran under, and no other level", () => {
    const sameZone = (c: CellResult): CellResult => ({ ...c, placement: "same-zone" });
    for (const cells of [[cell("echo", "none", 11, 10.5, 16)], [sameZone(cell("echo", "none", 11, 10.5, 16))]]) {
      const figures = publishedFiguresFor("study-001", cells).filter((f) => f.measured.rest !== null);
      expect(figures.map((f) => f.label)).toEqual([
        expect.stringMatching(/simple latency, Light/),
        expect.stringMatching(/simple throughput, Light/),
      ]);
    }
    const all = publishedFiguresFor("study-001", [cell("echo", "none", 11, 10.5, 16)]).map((f) => f.label);
    expect(all.some((label) => /Medium|Heavy/.test(label))).toBe(false);
  });
});

describe("withPublishedFigures / publishedFiguresOfResult", () => {
  const result = {
    spec: specFromPreset("study-000"),
    cells: [cell("item.get", "warm", 1, 0.5), cell("item.get", "cold", 4, 2)],
  } as unknown as RunResult;

  it("stores each figure on its cell without the placement fields", () => {
    const stored = withPublishedFigures(result);
    expect(stored.cells[0]!.published).toHaveLength(3);
    expect(stored.cells[1]!.published).toHaveLength(1);
    expect(stored.cells[0]!.published![0]).not.toHaveProperty("workload");
  });

  it("reads stored figures back with their cells, or computes them from the preset", () => {
    const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
    expect(publishedFiguresOfResult(withPublishedFigures(result)).sort(byLabel)).toEqual(
      publishedFiguresOfResult(result).sort(byLabel),
    );
    expect(publishedFiguresOfResult(result)).toHaveLength(4);
  });
});

describe("figureSpeedup", () => {
  it("is > 1 when gRPC did better, whatever the unit's direction", () => {
    expect(figureSpeedup("ms", 2, 1)).toBe(2);
    expect(figureSpeedup("B", 110, 80)).toBeCloseTo(1.375);
    expect(figureSpeedup("req/s", 100, 200)).toBe(2);
    expect(figureSpeedup("%", 64, 70)).toBeNull();
    expect(figureSpeedup("ms", null, 1)).toBeNull();
  });
});

describe("figures of studies that called one at a time", () => {
  const cells = [cell("item.get", "warm", 1, 0.5, 8), cell("item.get", "cold", 4, 2, 8)];

  it("are compared at connections 1 only; at another load the row says why instead of a measured value", () => {
    const figures = publishedFiguresFor("study-000", cells, 8);
    const warm = figures.find((f) => f.label === "mean latency, warm cache")!;
    expect(warm.published).toEqual({ rest: 2.24, grpc: 1.6 });
    expect(warm.measured).toEqual({ rest: null, grpc: null });
    expect(warm.note).toMatch(/one call at a time.*8 calls in flight.*--connections 1/);
    // Body sizes do not depend on the load: still compared.
    const body = figures.find((f) => f.label === "response body")!;
    expect(body.measured.rest).not.toBeNull();
    expect(publishedFiguresFor("study-000", cells, 1).find((f) => f.label === warm.label)!.measured.rest).toBe(1);
  });
});

describe("study-specific pairings", () => {
  it("study-002 compares REST's list of 100 with gRPC's stream of 100, as the study did", () => {
    const figures = publishedFiguresFor(
      "study-002",
      [cell("shape.small.list", "cold", 3, 30), cell("shape.small.stream", "cold", 5, 7)],
      1,
    );
    const collection = figures.find((f) => f.workload === "shape.small.stream")!;
    expect(collection.published).toEqual({ rest: 17.7, grpc: 191.1 });
    expect(collection.measured).toEqual({ rest: 3, grpc: 7 });
    expect(presetDocSection("study-002")).toMatch(/0\.01911 s; it must read 0\.1911 s/);
  });

  it("study-004's PING is one reference figure with no published speedup", () => {
    const [ping] = publishedFiguresFor("study-004", [cell("noop", "none", 0.05, 0.06)], 1);
    expect(ping!.label).toMatch(/^reference: PING round trip 0\.048 ms/);
    expect(ping!.published).toEqual({ rest: null, grpc: null });
    expect(figureSpeedup(ping!.unit, ping!.published.rest, ping!.published.grpc)).toBeNull();
    expect(ping!.measured).toEqual({ rest: 0.05, grpc: 0.06 });
  });
});

describe("figures per placement", () => {
  const placed = (c: CellResult, placement: CellResult["placement"]): CellResult => ({ ...c, placement });

  it("a figure finds the cell of its own placement; a cell without one is loopback", () => {
    const cells = [cell("math.add", "none", 3, 1), placed(cell("math.add", "none", 300, 150), "cross-region")];
    const figures = publishedFiguresFor("study-004", cells, 1).filter((f) => f.workload === "math.add");
    expect(figures.map((f) => [f.placement, f.published.rest, f.measured.rest])).toEqual([
      ["loopback", 2.99, 3],
      ["cross-region", 303.57, 300],
    ]);
  });

  it("keeps a refused placement's figures, unmeasured, with the refusal as their note", () => {
    // Node's pair alone: one pair, so the labels are the study's own.
    const nodeOnly: PresetOverrides = { pair: { rest: "express", grpc: "grpc-js" }, stacks: ["express", "grpc-js"] };
    const result = makeRunResult({
      spec: { ...specFromPreset("study-004", nodeOnly), workloads: ["math.add"] },
      placements: [{ name: "same-zone", measuredRttMs: 1.1, status: "refused", reason: "reached 1.1 ms RTT" }],
    });
    const sameZone = publishedFiguresOfResult(withPublishedFigures(result)).filter((f) => f.placement === "same-zone");
    expect(sameZone.map((f) => f.label)).toEqual(
      expect.arrayContaining([
        "add, ms/op (same zone)",
        "reference: PING round trip 0.466 ms (same zone), no protocol",
      ]),
    );
    for (const figure of sameZone) {
      expect(figure.measured).toEqual({ rest: null, grpc: null });
      expect(figure.note).toBe("Not measured: the same-zone placement was refused (reached 1.1 ms RTT).");
    }
    const measured = publishedFiguresOfResult(withPublishedFigures(result)).filter((f) => f.placement !== "same-zone");
    expect(measured.map((f) => `${f.placement} ${f.label}`)).toEqual([
      "loopback add, ms/op (local)",
      "cross-region add, ms/op (cross region)",
    ]);
  });
});

describe("figures beside each runtime's pair", () => {
  it("sets each figure beside every REST-against-gRPC pair the run measured, labelled with its pair", () => {
    const result = makeRunResult({ spec: { ...specFromPreset("study-000"), cacheModes: ["warm"] } });
    const cell = result.cells[0]!;
    const figures = publishedFiguresFor("study-000", result.cells, 1).filter((f) => f.label.startsWith("mean latency"));
    expect(figures.map((f) => f.label)).toEqual([
      "mean latency, warm cache (express vs grpc-js)",
      "mean latency, warm cache (spring vs grpc-java)",
    ]);
    const summaryOf = (stack: string) => cell.stacks!.find((s) => s.stack === stack)!.summary;
    expect(figures[0]!.measured).toEqual({ rest: cell.rest.latencyMs.mean, grpc: cell.grpc.latencyMs.mean });
    expect(figures[1]!.measured).toEqual({
      rest: summaryOf("spring").latencyMs.mean,
      grpc: summaryOf("grpc-java").latencyMs.mean,
    });
    expect(figures[1]!.published).toEqual({ rest: 2.24, grpc: 1.6 });
  });

  it("keeps the study's own labels for a run of one pair", () => {
    const result = makeRunResult({
      spec: { ...specFromPreset("quick"), workloads: ["item.get"], cacheModes: ["warm"] },
    });
    expect(publishedFiguresFor("study-000", result.cells, 1).map((f) => f.label)).toContain("mean latency, warm cache");
  });
});
