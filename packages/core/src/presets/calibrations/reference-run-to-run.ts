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
import { reproducesStudy, specFromPreset } from "../presets";
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
 *
 * A run of a preset that reproduces a study withholds the winner of every comparison whose spread
 * is assumed: such a preset claims that its verdicts hold from one run to the next, and only a
 * calibration of its own runs (20 reruns, here or on the reference machine) shows that. Where that
 * calibration would take hours (study-004's reruns take 27 minutes), its verdicts say "not enough
 * to tell" with the run's figures, rather than a winner no rerun was asked about. Other runs (the
 * quick and crossover presets, a run of one's own flags) keep the assumed spread's winners, said
 * as assumed.
 */
export function layeredSpreadOf(book: RunToRunBook, spec: RunSpec): (comparison: string) => RunToRunNoise | undefined {
  const own: RunToRunLookup = runToRunLookup(book, spec);
  // One build of the reference book serves both its lookup and the assumed spreads derived from it.
  const referenceBook = referenceRunToRunBook();
  const reference = runToRunLookup(referenceBook, spec);
  const assumed = assumedSpreads(referenceBook);
  const withholdsAssumed = reproducesStudy(spec.preset);
  return (comparison) => {
    const mine = own.spreadOf(comparison);
    if (mine) return { ...mine, source: "this-machine" };
    const theirs = reference.spreadOf(comparison);
    if (theirs) return { ...theirs, source: "reference" };
    const largest = assumed.get(metricOf(comparison));
    if (!largest) return undefined;
    return { ...largest, comparison, source: "assumed", ...(withholdsAssumed ? { withholdsWinner: true } : {}) };
  };
}

export function layeredRunToRun(book: RunToRunBook, spec: RunSpec): LayeredRunToRun {
  const spreadOf = layeredSpreadOf(book, spec);
  return { noiseOf: (cell, pair, metric) => spreadOf(comparisonName(cell, pair, metric)) };
}
