/** Normalisation tests against recorded fixtures: no ghz binary, no servers. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normaliseAutocannonCapture, type AutocannonCapture } from "./autocannon/autocannon-capture";
import { GHZ_MAX_DETAILS, grpcCodeName, parseGhzReport, parseRfc3339Nano, type GhzReport } from "./ghz/ghz-report";
import { FIXTURES, countBy } from "./testing/helpers";
import { serialiseAutocannonCapture } from "./testing/tool-defaults";

const ghzText = readFileSync(path.join(FIXTURES, "ghz-report.json"), "utf8");
const ghzJson = JSON.parse(ghzText) as GhzReport;
const acCapture = JSON.parse(readFileSync(path.join(FIXTURES, "autocannon-capture.json"), "utf8")) as AutocannonCapture;

describe("ghz report fixture (real ghz 0.120.0 output: Echo, -c 2, -n 30, 1 in 3 NOT_FOUND)", () => {
  const p = parseGhzReport(ghzText);

  it("has one sample per call, with canonical codes", () => {
    expect(p.count).toBe(30);
    expect(p.samples).toHaveLength(30);
    expect(p.truncated).toBe(false);
    expect(p.completeUntilMs).toBe(Number.POSITIVE_INFINITY);
    expect(p.endReason).toBe("normal");
    expect(countBy(p.samples, (s) => `${s.code}:${s.ok}`)).toEqual({ "OK:true": 20, "NOT_FOUND:false": 10 });
    expect(p.detailsCount).toBe(p.count);
  });

  it("keeps ns latencies as µs floats", () => {
    ghzJson.details!.forEach((d, i) => expect(p.samples[i]!.latencyUs).toBe(d.latency / 1000));
    expect(p.samples.some((s) => !Number.isInteger(s.latencyUs))).toBe(true);
  });

  it("uses the timestamp as the END of the call and the earliest begin as time 0", () => {
    const begins = p.samples.map((s) => s.endMs - s.latencyUs / 1000);
    expect(Math.min(...begins)).toBeCloseTo(0, 9);
    for (const s of p.samples) expect(s.endMs).toBeGreaterThan(0);
    // end timestamps are non-decreasing in the report (completion order)
    for (let i = 1; i < p.samples.length; i++)
      expect(p.samples[i]!.endMs).toBeGreaterThanOrEqual(p.samples[i - 1]!.endMs);
    // the last call ended within ghz's total (which starts slightly before the first call)
    expect(Math.max(...p.samples.map((s) => s.endMs))).toBeLessThanOrEqual(p.wallMs);
    // startedAtMs + endMs reproduces each timestamp to the µs
    ghzJson.details!.forEach((d, i) => {
      const t = parseRfc3339Nano(d.timestamp);
      const epochMs = t.sec * 1000 + t.nanos / 1e6;
      expect(Math.abs(p.startedAtMs + p.samples[i]!.endMs - epochMs)).toBeLessThan(0.001);
    });
  });

  it("detects a truncated report (ghz keeps at most 1M details)", () => {
    const t = parseGhzReport({ ...ghzJson, count: GHZ_MAX_DETAILS + 5 });
    expect(t.truncated).toBe(true);
    expect(t.completeUntilMs).toBeLessThanOrEqual(Math.max(...t.samples.map((s) => s.endMs)));
    expect(t.detailsCount).toBe(30);
    expect(t.count).toBe(GHZ_MAX_DETAILS + 5);
  });

  it("handles an empty report", () => {
    const e = parseGhzReport({ ...ghzJson, count: 0, details: null });
    expect(e.samples).toEqual([]);
    expect(e.truncated).toBe(false);
    // calls counted but no details kept: complete until the very start
    expect(parseGhzReport({ ...ghzJson, count: 5, details: null })).toMatchObject({
      truncated: true,
      detailsCount: 0,
      completeUntilMs: 0,
    });
    expect(() => parseGhzReport('{"foo":1}')).toThrow(/not a ghz/);
  });
});

describe("ghz timestamp and code parsing", () => {
  it("parses RFC3339 with trimmed nanoseconds and zone offsets exactly", () => {
    expect(parseRfc3339Nano("2026-11-21T17:29:36.04096329Z")).toEqual({
      sec: Date.UTC(2026, 10, 21, 17, 29, 36) / 1000,
      nanos: 40963290,
    });
    expect(parseRfc3339Nano("2026-11-21T17:29:36Z").nanos).toBe(0);
    const a = parseRfc3339Nano("2026-11-21T19:29:36.000000001+02:00");
    expect(a).toEqual({ sec: Date.UTC(2026, 10, 21, 17, 29, 36) / 1000, nanos: 1 });
    expect(() => parseRfc3339Nano("yesterday")).toThrow();
  });

  it("maps grpc-go code names to canonical gRPC names", () => {
    expect(grpcCodeName("OK")).toBe("OK");
    expect(grpcCodeName("NotFound")).toBe("NOT_FOUND");
    expect(grpcCodeName("Canceled")).toBe("CANCELLED");
    expect(grpcCodeName("DeadlineExceeded")).toBe("DEADLINE_EXCEEDED");
    expect(grpcCodeName("Unavailable")).toBe("UNAVAILABLE");
    expect(grpcCodeName("SomethingNew")).toBe("SOMETHING_NEW");
    expect(grpcCodeName("")).toBe("UNKNOWN");
  });
});

describe("autocannon capture fixture (real autocannon 8 run: 2 connections, 1 in 3 requests 404)", () => {
  const n = normaliseAutocannonCapture(acCapture);

  it("turns float-ms response times into µs samples with ok by status class", () => {
    expect(n.samples).toHaveLength(acCapture.requestsSent - acCapture.droppedInFlight);
    n.samples.forEach((s, i) => {
      expect(s.latencyUs).toBeCloseTo(acCapture.latencyMs[i]! * 1000, 6);
      expect(s.endMs).toBe(acCapture.endMs[i]);
      expect(s.ok).toBe(s.code === "200");
    });
    const byCode = countBy(n.samples, (s) => s.code);
    expect(byCode["200"]).toBe(20);
    expect(byCode["404"]).toBe(10);
    expect(n.samples.some((s) => !Number.isInteger(s.latencyUs / 1000))).toBe(true);
    expect(n.connections).toBe(2);
    expect(n.inFlight).toBe(2);
  });

  it("round-trips through serialiseAutocannonCapture", () => {
    const again = JSON.parse(
      serialiseAutocannonCapture({
        ...acCapture,
        endMs: Float64Array.from(acCapture.endMs),
        latencyMs: Float64Array.from(acCapture.latencyMs),
        code: Uint16Array.from(acCapture.code),
      }),
    ) as AutocannonCapture;
    expect(again).toEqual(acCapture);
  });

  it("rejects inconsistent columns", () => {
    expect(() => normaliseAutocannonCapture({ ...acCapture, code: [] })).toThrow(/lengths/);
    expect(() => normaliseAutocannonCapture({ ...acCapture, code: Array.from(acCapture.code, () => 9) })).toThrow(
      /code index/,
    );
  });
});
