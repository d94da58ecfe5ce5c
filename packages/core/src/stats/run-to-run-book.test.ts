import { describe, expect, it } from "vitest";
import { runSpecSchema } from "../spec/run-spec";
import {
  comparisonCellName,
  comparisonName,
  emptyRunToRunBook,
  runToRunBookSchema,
  runToRunLookup,
  runToRunScope,
  withEntries,
  type RunToRunEntry,
} from "./run-to-run-book";

const spec = (input: Record<string, unknown> = {}) => runSpecSchema.parse({ workloads: ["item.get"], ...input });
const entry = (scope: string, comparison: string, spread: number): RunToRunEntry => ({
  scope,
  comparison,
  spread,
  runs: 20,
  measuredAt: "2026-11-27T03:00:00.000Z",
});

describe("which runs share a calibration", () => {
  it("other cells of the same spec share it: the comparison's name says the cell", () => {
    const calibrated = runToRunScope(spec({ trials: 1, durationMs: 2_000 }));
    expect(runToRunScope(spec({ trials: 1, durationMs: 2_000, workloads: ["noop"], cacheModes: ["cold"] }))).toBe(
      calibrated,
    );
    // A run set up field by field as the preset sets it is the preset's run.
    expect(runToRunScope(spec({ trials: 1, durationMs: 2_000, preset: "quick" }))).toBe(calibrated);
  });

  it("a longer window, another warm-up or more trials do not: the spread depends on the run's length", () => {
    const calibrated = runToRunScope(spec({ trials: 1, durationMs: 2_000 }));
    expect(runToRunScope(spec({ trials: 3, durationMs: 2_000 }))).not.toBe(calibrated);
    expect(runToRunScope(spec({ trials: 1, durationMs: 10_000 }))).not.toBe(calibrated);
    expect(runToRunScope(spec({ trials: 1, durationMs: 2_000, warmupMs: 3_000 }))).not.toBe(calibrated);
  });

  it("another load, client or set of stacks does not", () => {
    const calibrated = runToRunScope(spec());
    expect(runToRunScope(spec({ connections: 32 }))).not.toBe(calibrated);
    expect(runToRunScope(spec({ clients: "equal" }))).not.toBe(calibrated);
    expect(runToRunScope(spec({ stacks: ["express", "grpc-js", "h2c"] }))).not.toBe(calibrated);
  });
});

describe("the book", () => {
  it("keeps one spread per spec and comparison, the newest calibration's", () => {
    const scope = runToRunScope(spec());
    const p50 = comparisonName("item.get warm", "REST vs gRPC", "p50");
    const rps = comparisonName("item.get warm", "REST vs gRPC", "rps");
    const first = withEntries(emptyRunToRunBook(), [entry(scope, p50, 0.04), entry(scope, rps, 0.02)]);
    const second = withEntries(first, [entry(scope, p50, 0.07), entry("other", p50, 0.5)]);
    expect(second.entries).toHaveLength(3);
    const lookup = runToRunLookup(runToRunBookSchema.parse(JSON.parse(JSON.stringify(second))), spec());
    expect(lookup.calibrated).toBe(true);
    expect(lookup.spreadOf(p50)?.spread).toBe(0.07);
    expect(lookup.spreadOf(rps)?.spread).toBe(0.02);
    expect(lookup.spreadOf(comparisonName("noop", "REST vs gRPC", "p50"))).toBeUndefined();
    expect(runToRunLookup(second, spec({ connections: 64 })).calibrated).toBe(false);
  });

  it("refuses a file that is not one", () => {
    expect(runToRunBookSchema.safeParse({ version: 2, entries: [] }).success).toBe(false);
    expect(runToRunBookSchema.safeParse({ version: 1, entries: [{ comparison: "x", spread: -1 }] }).success).toBe(
      false,
    );
  });
});

describe("a comparison's name", () => {
  it("names the cell as calibrate prints it", () => {
    expect(comparisonCellName({ workload: "noop", cacheMode: "none" })).toBe("noop");
    expect(comparisonCellName({ workload: "item.get", cacheMode: "warm", placement: "loopback" })).toBe(
      "item.get warm",
    );
    expect(
      comparisonCellName({
        workload: "meteorites.get",
        cacheMode: "warm",
        placement: "cross-region",
        coords: { records: 1000, connections: 8 },
      }),
    ).toBe("meteorites.get warm @cross-region records=1000 connections=8");
  });
});
