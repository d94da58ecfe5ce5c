import { describe, expect, it } from "vitest";
import { runToRunScope } from "../../stats/run-to-run-book";
import { presetCalibrationSchema, type PresetCalibration } from "./calibration-record";
import { p50Calibration } from "./calibration-note";
import quickFile from "./quick.json" with { type: "json" };
import study000File from "./study-000.json" with { type: "json" };
import { getPreset, presetNames, specFromPreset } from "../presets";
import { calibrationOf, largestReferenceSpreads, referenceCalibrations } from "./reference-calibrations";
import { assumedSpreads, referenceRunToRunBook } from "./reference-run-to-run";

/** The settings quick had when the reference machine calibrated it (its sessions record them). */
const QUICK_AS_CALIBRATED = { durationMs: 1_500, warmupMs: 400, trials: 1, clients: "both" } as const;

const copy = (): PresetCalibration => structuredClone(presetCalibrationSchema.parse(quickFile));

describe("the reference machine's calibration records (presets/calibrations/*.json)", () => {
  it("parse, one file per calibrated preset, each naming a preset that exists", () => {
    expect(referenceCalibrations.map((r) => r.preset)).toEqual(["quick", "study-000"]);
    for (const record of referenceCalibrations) expect(presetNames).toContain(record.preset);
    expect(calibrationOf("quick")?.sessions).toHaveLength(3);
    expect(calibrationOf("study-000")?.sessions).toHaveLength(2);
    expect(calibrationOf("study-004")).toBeUndefined();
  });

  it("refuse a record whose sessions are out of order, or that claims more coverage than reruns", () => {
    const reversed = copy();
    reversed.sessions.reverse();
    expect(presetCalibrationSchema.safeParse(reversed).success).toBe(false);
    const overfull = copy();
    overfull.sessions[0]!.comparisons["noop · REST vs gRPC · p50"]!.coverage = 21;
    expect(presetCalibrationSchema.safeParse(overfull).success).toBe(false);
    const unnamed = copy();
    unnamed.sessions[0]!.comparisons["noop"] = { spread: 0.1 };
    expect(presetCalibrationSchema.safeParse(unnamed).success).toBe(false);
  });

  it("are what the presets' notes print: the latest session's p50 coverage and opposite winners", () => {
    // Read from the files here, not through the loader: the note must say what the file holds.
    const latestP50 = (file: typeof quickFile | typeof study000File) =>
      Object.entries(file.sessions.at(-1)!.comparisons)
        .filter(([name]) => name.endsWith(" · p50"))
        .flatMap(([, c]) => ("coverage" in c && c.coverage !== undefined ? [c.coverage] : []));
    expect(latestP50(quickFile)).toEqual([19, 19, 18, 19]);
    expect(latestP50(study000File)).toEqual([19, 19, 19]);
    // quick's sessions ran at settings it no longer has: its note does not claim them.
    expect(getPreset("quick").notes.at(-1)).toMatch(/^Not calibrated \(.*; not applied\)\. docs\/presets\.md#quick$/);
    expect(getPreset("study-000").notes.at(-1)).toBe(
      "Reference calibration (2026-11-27): p50 intervals held 19/20, no opposite winners. docs/presets.md#study-000",
    );
  });

  it("count opposite winners at p50 only, and say how many there were", () => {
    const record = copy();
    record.sessions.at(-1)!.comparisons["noop · REST vs gRPC · p50"]!.oppositeWinners = 3;
    expect(p50Calibration(record)).toMatchObject({ coverage: { lowest: 18, highest: 19 }, oppositeWinners: 3 });
    // The stream's p99 had 5 pairs in the latest quick session: not a p50 figure.
    expect(p50Calibration(copy()).oppositeWinners).toBe(0);
    // A session whose summary gave no p50 coverage has no range to print, not an infinite one.
    const bare = copy();
    for (const figures of Object.values(bare.sessions.at(-1)!.comparisons)) delete figures.coverage;
    expect(p50Calibration(bare).coverage).toBeNull();
  });

  it("are the spreads that ship: per comparison the largest any session of that spec kept", () => {
    const book = referenceRunToRunBook();
    for (const record of referenceCalibrations)
      for (const session of record.sessions) {
        const scope = runToRunScope(specFromPreset(record.preset, session.overrides));
        for (const [comparison, { spread }] of Object.entries(session.comparisons)) {
          const shipped = book.entries.find((e) => e.scope === scope && e.comparison === comparison);
          expect(shipped?.spread, comparison).toBeGreaterThanOrEqual(spread);
        }
      }
    // quick's three sessions, one comparison: the largest wins (0.077 of 0.077, 0.051, 0.054).
    const quick = runToRunScope(specFromPreset("quick", QUICK_AS_CALIBRATED));
    expect(
      book.entries.find((e) => e.scope === quick && e.comparison === "meteorites.get warm · REST vs gRPC · p50"),
    ).toMatchObject({ spread: 0.077, runs: 20, measuredAt: "2026-11-27T06:15:20.309Z" });
  });

  it("give the uncalibrated note the same assumed spreads the runs are widened by", () => {
    const largest = largestReferenceSpreads();
    for (const [metric, entry] of assumedSpreads()) expect(largest.get(metric), metric).toBe(entry.spread);
    expect(Object.fromEntries(largest)).toEqual({ p50: 0.123, p99: 0.65, rps: 0.108 });
  });
});
