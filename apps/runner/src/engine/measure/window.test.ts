import { describe, expect, it } from "vitest";
import type { ClientSample } from "../../tools";
import { figuresInWindow, windowOfSamples } from "./window";

const sample = (endMs: number, latencyUs: number, ok = true): ClientSample => ({
  endMs,
  latencyUs,
  ok,
  code: ok ? "200" : "500",
});

describe("the measured window", () => {
  it("counts only completions inside it, errors by code and never in latency", () => {
    const samples = [
      sample(500, 9_000),
      sample(1_100, 300),
      sample(1_500, 500),
      sample(1_900, 700, false),
      sample(2_000, 800),
    ];
    const figures = figuresInWindow(samples, { startMs: 1_000, endMs: 2_000 });
    expect(figures.ok).toBe(2);
    expect(figures.errorsByCode).toEqual({ "500": 1 });
    expect(figures.rps).toBe(2);
    expect(figures.histogram.summary().max).toBeLessThan(1);
  });

  it("count mode drops the first completions (the handshakes) and keeps exactly the rest", () => {
    // Four connections: their first calls are slow because each opened its connection.
    const handshakes = [sample(5, 4_000), sample(6, 4_200), sample(6.5, 3_900), sample(7, 4_100)];
    const measured = Array.from({ length: 10 }, (_, i) => sample(8 + i, 250));
    const window = windowOfSamples([...measured, ...handshakes], 4);
    const figures = figuresInWindow([...handshakes, ...measured], window);
    expect(figures.ok).toBe(10);
    expect(figures.histogram.summary().max).toBeLessThan(0.3);
  });

  it("count mode with nothing to skip keeps every completion", () => {
    const samples = [sample(1, 100), sample(2, 100), sample(3, 100)];
    expect(figuresInWindow(samples, windowOfSamples(samples)).ok).toBe(3);
  });
});
