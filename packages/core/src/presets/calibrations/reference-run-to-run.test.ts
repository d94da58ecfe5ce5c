import { describe, expect, it } from "vitest";
import { runFactFinding } from "../../render/findings/run-findings";
import type { RunFact } from "../../findings/facts";
import { comparisonName, runToRunScope, type RunToRunBook } from "../../stats/run-to-run-book";
import { percentText, structuredVerdictFor } from "../../render/verdicts/verdict-text";
import type { RunSpec } from "../../spec/run-spec";
import { getPreset, specFromPreset } from "../presets";
import { assumedSpreads, layeredRunToRun, referenceRunToRunBook } from "./reference-run-to-run";

/** The settings quick had when the reference machine calibrated it (its sessions record them). */
const QUICK_AS_CALIBRATED = { durationMs: 1_500, warmupMs: 400, trials: 1, clients: "both" } as const;

const noBook: RunToRunBook = { version: 1, entries: [] };

/** This machine's book with one calibrated comparison of `spec`. */
const ownBook = (spec: RunSpec, comparison: string, spread: number, runs: number): RunToRunBook => ({
  version: 1,
  entries: [{ scope: runToRunScope(spec), comparison, spread, runs, measuredAt: "2026-12-01T10:00:00.000Z" }],
});

describe("the reference machine's run-to-run spreads", () => {
  it("a new machine's run at the settings quick was calibrated at gets the reference calibration of the quick preset", () => {
    const spreads = layeredRunToRun(noBook, specFromPreset("quick", QUICK_AS_CALIBRATED));
    expect(spreads.noiseOf("meteorites.get warm", "REST vs gRPC", "p50")).toMatchObject({
      spread: 0.077,
      runs: 20,
      source: "reference",
    });
    expect(spreads.noiseOf("noop", "REST vs gRPC", "p50")).toMatchObject({ spread: 0.11, source: "reference" });
  });

  it("a spec calibrated in several sessions keeps, per comparison, the largest spread and the session it came from", () => {
    const quick = runToRunScope(specFromPreset("quick", QUICK_AS_CALIBRATED));
    const entries = referenceRunToRunBook().entries.filter((e) => e.scope === quick);
    const named = (comparison: string) => entries.filter((e) => e.comparison === comparison);
    // One entry per comparison, never two for a lookup to choose between.
    expect(new Set(entries.map((e) => e.comparison)).size).toBe(entries.length);
    // The second session for item.get, the first for meteorites.get, the third for noop.
    expect(named("item.get warm · REST vs gRPC · p50")).toEqual([
      expect.objectContaining({ spread: 0.051, measuredAt: "2026-11-27T08:22:46.336Z" }),
    ]);
    expect(named("meteorites.get warm · REST vs gRPC · p50")).toEqual([
      expect.objectContaining({ spread: 0.077, measuredAt: "2026-11-27T06:15:20.309Z" }),
    ]);
    expect(named("noop · REST vs gRPC · p50")).toEqual([
      expect.objectContaining({ spread: 0.11, measuredAt: "2026-11-27T09:29:20.184Z" }),
    ]);
  });

  it("study-000 at the shortened length it was calibrated at gets that calibration, its stack pairs too", () => {
    const shortened = specFromPreset("study-000", { durationMs: 2_000, warmupMs: 1_000, trials: 1 });
    const spreads = layeredRunToRun(noBook, shortened);
    expect(spreads.noiseOf("item.get cold", "REST vs gRPC", "p50")).toMatchObject({
      spread: 0.123,
      source: "reference",
    });
    expect(spreads.noiseOf("item.get cold", "spring vs express", "p99")).toMatchObject({ source: "reference" });
  });

  it("a spec calibrated nowhere, or a comparison its calibration lacks, is assumed the largest spread at the metric", () => {
    const largest = assumedSpreads();
    const all = referenceRunToRunBook().entries;
    for (const metric of ["p50", "p99", "rps"]) {
      const spreads = all.filter((e) => e.comparison.endsWith(` · ${metric}`)).map((e) => e.spread);
      expect(largest.get(metric)!.spread).toBe(Math.max(...spreads));
    }
    const longer = layeredRunToRun(noBook, specFromPreset("quick", { ...QUICK_AS_CALIBRATED, durationMs: 5_000 }));
    expect(longer.noiseOf("noop", "REST vs gRPC", "p50")).toMatchObject({
      comparison: "noop · REST vs gRPC · p50",
      spread: largest.get("p50")!.spread,
      source: "assumed",
    });
    // The quick calibration had no p99 interval for meteorites.get: that comparison is assumed too.
    const quick = layeredRunToRun(noBook, specFromPreset("quick", QUICK_AS_CALIBRATED));
    expect(quick.noiseOf("meteorites.get warm", "REST vs gRPC", "p99")?.source).toBe("assumed");
    expect(quick.noiseOf("noop", "REST vs gRPC", "p9999")).toBeUndefined();
  });

  it("an uncalibrated preset's notes show the spreads other specs' reruns had, and say they are not applied", () => {
    const [p50, p99, rps] = ["p50", "p99", "rps"].map((m) => percentText(assumedSpreads().get(m)!.spread));
    const note = getPreset("study-004").notes.at(-1)!;
    expect(note).toContain(`${p50} p50, ${p99} p99, ${rps} rps`);
    expect(note).toMatch(/^Not calibrated \(.*; not applied\)\./);
    // study-000 was, at its defaults: its note gives what that calibration found instead.
    expect(getPreset("study-000").notes.at(-1)).toMatch(/^Reference calibration \(2026-11-27\)/);
  });

  it("no spread from elsewhere withholds a winner, in a study's reproduction or any other run", () => {
    const study = layeredRunToRun(noBook, specFromPreset("study-004"));
    const assumed = study.noiseOf("noop", "flask vs grpcio", "p50");
    expect(assumed).toMatchObject({ source: "assumed" });
    expect(assumed?.withholdsWinner).toBeUndefined();
    // study-000 at its defaults is the length the reference machine calibrated: a reference spread, a note.
    const calibrated = layeredRunToRun(noBook, specFromPreset("study-000")).noiseOf(
      "item.get warm",
      "REST vs gRPC",
      "p50",
    );
    expect(calibrated).toMatchObject({ source: "reference" });
    // This machine's own calibration of the study is the one that applies.
    const spec = specFromPreset("study-004");
    const own = ownBook(spec, comparisonName("noop", "flask vs grpcio", "p50"), 0.05, 20);
    expect(layeredRunToRun(own, spec).noiseOf("noop", "flask vs grpcio", "p50")).toMatchObject({
      source: "this-machine",
    });
  });

  it("this machine's own calibration comes before the reference machine's", () => {
    const spec = specFromPreset("quick", QUICK_AS_CALIBRATED);
    const own = ownBook(spec, comparisonName("noop", "REST vs gRPC", "p50"), 0.03, 12);
    expect(layeredRunToRun(own, spec).noiseOf("noop", "REST vs gRPC", "p50")).toMatchObject({
      spread: 0.03,
      runs: 12,
      source: "this-machine",
    });
    expect(layeredRunToRun(own, spec).noiseOf("stream", "REST vs gRPC", "p50")?.source).toBe("reference");
  });
});

describe("what a reader is told about the run-to-run noise", () => {
  const applied = (source: "this-machine" | "reference" | "assumed", comparison: string, spread: number) => ({
    comparison,
    spread,
    runs: 20,
    measuredAt: "2026-11-27T04:09:32.818Z",
    source,
  });
  const findingOf = (fact: RunFact) => runFactFinding(fact);

  it("a verdict names an assumed or borrowed spread as such; this machine's own plainly", () => {
    const ci = { estimate: 1.5, low: 1.2, high: 1.9, runToRunSpread: 0.18 };
    expect(structuredVerdictFor({ metric: "p50", ci }).text).toContain("with 18% run-to-run noise)");
    expect(structuredVerdictFor({ metric: "p50", ci: { ...ci, runToRunSource: "assumed" } }).text).toContain(
      "with 18% run-to-run noise assumed",
    );
    expect(structuredVerdictFor({ metric: "p50", ci: { ...ci, runToRunSource: "reference" } }).text).toContain(
      "with 18% run-to-run noise from the reference machine",
    );
    // A calibration that found none beyond the run's own says so plainly.
    expect(structuredVerdictFor({ metric: "p50", ci: { ...ci, runToRunSpread: 0 } }).text).toContain(
      "with 0% run-to-run noise)",
    );
  });

  it("only this machine's spreads: included, with the largest named", () => {
    const finding = findingOf({
      kind: "run-to-run",
      applied: [applied("this-machine", "noop · REST vs gRPC · p50", 0.08)],
    });
    expect(finding.kind).toBe("run-to-run");
    expect(finding.text).toBe(
      "the intervals include this machine's run-to-run noise, measured by pnpm bench:calibrate over 20 runs of this spec (2026-11-27): the largest noop · REST vs gRPC · p50 8%",
    );
  });

  it("borrowed and assumed spreads: said apart, with the command that measures this machine's own", () => {
    const finding = findingOf({
      kind: "run-to-run",
      applied: [
        applied("reference", "noop · REST vs gRPC · p50", 0.082),
        applied("assumed", "noop · REST vs gRPC · p99", 0.509),
        applied("assumed", "item.get warm · REST vs gRPC · p99", 0.509),
      ],
    });
    expect(finding.kind).toBe("run-to-run-elsewhere");
    expect(finding.text).toMatch(
      /^this machine did not calibrate this spec, so the intervals include run-to-run noise measured elsewhere: /,
    );
    expect(finding.text).toContain(
      "1 comparison by the reference machine's calibration (20 runs of this spec (2026-11-27); the largest noop · REST vs gRPC · p50 8%)",
    );
    expect(finding.text).toContain(
      "2 comparisons by the largest spread any reference calibration showed at the metric (p99 51%)",
    );
    expect(finding.text).toContain("pnpm bench:calibrate --repeat 20 with this run's flags");
  });

  it("a study's run that withheld winners says how many and why", () => {
    const withheld = { ...applied("assumed", "noop · flask vs grpcio · p50", 0.12), withholdsWinner: true as const };
    const finding = findingOf({
      kind: "run-to-run",
      applied: [withheld, { ...withheld, comparison: "noop · flask vs grpcio · rps" }],
    });
    expect(finding.text).toContain(
      'This run reproduces a study, and a study\'s verdict must hold from one run to the next: 2 comparisons with an assumed spread name no winner ("not enough to tell"',
    );
    // A run of one's own flags names its winners on the same spreads, and is not told otherwise.
    const own = findingOf({ kind: "run-to-run", applied: [applied("assumed", "noop · REST vs gRPC · p50", 0.12)] });
    expect(own.text).not.toContain("name no winner");
  });

  it("none applied (every comparison a point estimate, or an older result): one run's noise", () => {
    expect(findingOf({ kind: "run-to-run", applied: [] }).kind).toBe("run-to-run-unmeasured");
  });
});
