// The run-to-run spreads `pnpm bench:calibrate` measured on the machine docs/results.md's figures
// come from, shipped with the code as data (calibrations/<preset>.json, read through
// reference-calibrations.ts). A machine that never calibrated a spec still gets intervals that hold
// what a rerun adds: the reference machine's spread of the same spec when it calibrated that one,
// else the largest spread any of its calibrations showed at that metric, an assumption the result
// names as one. A machine's own calibration (the run-to-run book in .relix/) always comes first.
// Where a spec was calibrated in more than one session, each comparison keeps the largest spread
// any session kept: one quiet session is not every session.
import {
  comparisonName,
  metricOf,
  runToRunLookup,
  runToRunScope,
  type RunToRunBook,
  type RunToRunEntry,
  type RunToRunLookup,
  type RunToRunNoise,
} from "../../stats/run-to-run-book";
import type { RunSpec } from "../../spec/run-spec";
import { specFromPreset } from "../presets";
import { referenceCalibrations } from "./reference-calibrations";

/**
 * The reference calibrations as a run-to-run book, each under the scope of the spec it reran; a
 * comparison calibrated in several sessions appears once, with the largest spread of them.
 */
export function referenceRunToRunBook(): RunToRunBook {
  const largest = new Map<string, RunToRunEntry>();
  for (const record of referenceCalibrations)
    for (const session of record.sessions) {
      const scope = runToRunScope(specFromPreset(record.preset, session.overrides));
      for (const [comparison, { spread }] of Object.entries(session.comparisons)) {
        const key = `${scope}\n${comparison}`;
        if ((largest.get(key)?.spread ?? -1) >= spread) continue;
        largest.set(key, { scope, comparison, spread, runs: session.runs, measuredAt: session.measuredAt });
      }
    }
  return { version: 1, entries: [...largest.values()] };
}

/**
 * Per metric, the largest spread any reference calibration showed, with the comparison it was:
 * what a comparison never calibrated is assumed to move by. The reference runs were short (1.5 s
 * and 2 s windows, one trial), and longer runs scatter less, so on a machine like the reference
 * one it is usually more than they move; a noisier machine, or stacks and placements it did not
 * calibrate, may move more.
 */
export function assumedSpreads(reference: RunToRunBook = referenceRunToRunBook()): Map<string, RunToRunEntry> {
  const largest = new Map<string, RunToRunEntry>();
  for (const entry of reference.entries) {
    const metric = metricOf(entry.comparison);
    if ((largest.get(metric)?.spread ?? -1) < entry.spread) largest.set(metric, entry);
  }
  return largest;
}

/** The three sources in order, for a run of `spec` on a machine whose own book is `book`. */
export interface LayeredRunToRun {
  noiseOf(cell: string, pair: string, metric: string): RunToRunNoise | undefined;
}

/**
 * The same three sources, looked up by a comparison's whole name ("noop · REST vs gRPC · p50").
 * Only this machine's own calibration of the same spec widens an interval; the reference
 * machine's spread, or the assumed one, is carried beside it as a note for comparison and never
 * widens, narrows or gates a verdict (two machines of the same kind gave disjoint intervals for
 * the same spec: another machine's spread describes neither).
 */
export function layeredSpreadOf(book: RunToRunBook, spec: RunSpec): (comparison: string) => RunToRunNoise | undefined {
  const own: RunToRunLookup = runToRunLookup(book, spec);
  // One build of the reference book serves both its lookup and the assumed spreads derived from it.
  const referenceBook = referenceRunToRunBook();
  const reference = runToRunLookup(referenceBook, spec);
  const assumed = assumedSpreads(referenceBook);
  return (comparison) => {
    const mine = own.spreadOf(comparison);
    if (mine) return { ...mine, source: "this-machine" };
    const theirs = reference.spreadOf(comparison);
    if (theirs) return { ...theirs, source: "reference" };
    const largest = assumed.get(metricOf(comparison));
    return largest ? { ...largest, comparison, source: "assumed" } : undefined;
  };
}

export function layeredRunToRun(book: RunToRunBook, spec: RunSpec): LayeredRunToRun {
  const spreadOf = layeredSpreadOf(book, spec);
  return { noiseOf: (cell, pair, metric) => spreadOf(comparisonName(cell, pair, metric)) };
}
