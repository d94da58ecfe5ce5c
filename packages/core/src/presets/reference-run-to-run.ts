// The run-to-run spreads `pnpm bench:calibrate` measured on the machine docs/results.md's figures
// come from (2 cores, shared, Debian 12), shipped with the code. A machine that never calibrated a spec
// still gets intervals that hold what a rerun adds: the reference machine's spread of the same
// spec when it calibrated that one, else the largest spread any of its calibrations showed at that
// metric, an assumption the result names as one. A machine's own calibration (the run-to-run book
// in .relix/) always comes first. Measured 2026-11-27, 20 reruns each (docs/results.md,
// "Calibration"; docs/measurement.md). Where a spec was calibrated in more than one session, each
// comparison keeps the largest spread any session kept: one quiet session is not every session.
import {
  comparisonName,
  metricOf,
  runToRunLookup,
  runToRunScope,
  type RunToRunBook,
  type RunToRunEntry,
  type RunToRunLookup,
  type RunToRunNoise,
} from "../stats/run-to-run-book";
import type { RunSpec } from "../spec/run-spec";
import type { PresetOverrides } from "./preset-sweep-overrides";
import { reproducesStudy, specFromPreset } from "./presets";

interface ReferenceCalibration {
  /** What was rerun, as a reader would ask for it. */
  command: string;
  preset: string;
  overrides: PresetOverrides;
  runs: number;
  measuredAt: string;
  /** Comparison name -> spread, as calibrate printed them. */
  spreads: Record<string, number>;
}

const REFERENCE_CALIBRATIONS: readonly ReferenceCalibration[] = [
  {
    // The equal client then offered 64 KiB HTTP/2 windows (now 4 MiB), which touches meteorites.get
    // and the stream; noop's and item.get's replies fit either window.
    command: "pnpm bench:calibrate --repeat 20",
    preset: "quick",
    overrides: {},
    runs: 20,
    measuredAt: "2026-11-27T06:15:20.309Z",
    spreads: {
      "noop · REST vs gRPC · p50": 0,
      "noop · REST vs gRPC · p99": 0,
      "noop · REST vs gRPC · rps": 0.03,
      "item.get warm · REST vs gRPC · p50": 0.011,
      "item.get warm · REST vs gRPC · p99": 0,
      "item.get warm · REST vs gRPC · rps": 0.025,
      "meteorites.get warm · REST vs gRPC · p50": 0.077,
      "meteorites.get warm · REST vs gRPC · rps": 0.051,
      "stream · REST vs gRPC · p50": 0.009,
      "stream · REST vs gRPC · p99": 0.129,
      "stream · REST vs gRPC · rps": 0,
    },
  },
  {
    command: "pnpm bench:calibrate --repeat 20",
    preset: "quick",
    overrides: {},
    runs: 20,
    measuredAt: "2026-11-27T08:22:46.336Z",
    spreads: {
      "noop · REST vs gRPC · p50": 0.006,
      "noop · REST vs gRPC · p99": 0,
      "noop · REST vs gRPC · rps": 0.046,
      "item.get warm · REST vs gRPC · p50": 0.051,
      "item.get warm · REST vs gRPC · p99": 0,
      "item.get warm · REST vs gRPC · rps": 0,
      "meteorites.get warm · REST vs gRPC · p50": 0.051,
      "meteorites.get warm · REST vs gRPC · rps": 0.031,
      "stream · REST vs gRPC · p50": 0.076,
      "stream · REST vs gRPC · p99": 0.083,
      "stream · REST vs gRPC · rps": 0,
    },
  },
  {
    // The first with the equal client sending the run's deadline (grpc-timeout), as ghz does.
    command: "pnpm bench:calibrate --repeat 20",
    preset: "quick",
    overrides: {},
    runs: 20,
    measuredAt: "2026-11-27T09:29:20.184Z",
    spreads: {
      "noop · REST vs gRPC · p50": 0.11,
      "noop · REST vs gRPC · p99": 0.156,
      "noop · REST vs gRPC · rps": 0,
      "item.get warm · REST vs gRPC · p50": 0.018,
      "item.get warm · REST vs gRPC · p99": 0.065,
      "item.get warm · REST vs gRPC · rps": 0.051,
      "meteorites.get warm · REST vs gRPC · p50": 0.054,
      "meteorites.get warm · REST vs gRPC · rps": 0,
      "stream · REST vs gRPC · p50": 0.114,
      "stream · REST vs gRPC · p99": 0.522,
      "stream · REST vs gRPC · rps": 0.05,
    },
  },
  {
    command: "pnpm bench:calibrate --preset study-000 --duration 2s --warmup 1s --trials 1 --repeat 20",
    preset: "study-000",
    overrides: { durationMs: 2_000, warmupMs: 1_000, trials: 1 },
    runs: 20,
    measuredAt: "2026-11-27T06:58:51.298Z",
    spreads: {
      "item.get warm · REST vs gRPC · p50": 0,
      "item.get warm · REST vs gRPC · p99": 0,
      "item.get warm · REST vs gRPC · rps": 0.054,
      "item.get warm · spring vs express · p50": 0.04,
      "item.get warm · spring vs express · p99": 0.539,
      "item.get warm · spring vs express · rps": 0.086,
      "item.get warm · grpc-java vs express · p50": 0.082,
      "item.get warm · grpc-java vs express · p99": 0.65,
      "item.get warm · grpc-java vs express · rps": 0.036,
      "item.get warm · spring vs grpc-js · p50": 0.032,
      "item.get warm · spring vs grpc-js · p99": 0.43,
      "item.get warm · spring vs grpc-js · rps": 0.072,
      "item.get warm · grpc-java vs grpc-js · p50": 0.083,
      "item.get warm · grpc-java vs grpc-js · p99": 0.579,
      "item.get warm · grpc-java vs grpc-js · rps": 0.108,
      "item.get warm · express vs grpc-js · p50": 0.119,
      "item.get warm · express vs grpc-js · p99": 0.44,
      "item.get warm · express vs grpc-js · rps": 0.058,
      "item.get cold · REST vs gRPC · p50": 0.123,
      "item.get cold · REST vs gRPC · p99": 0.407,
      "item.get cold · REST vs gRPC · rps": 0,
      "item.get cold · spring vs express · p50": 0.03,
      "item.get cold · spring vs express · p99": 0,
      "item.get cold · spring vs express · rps": 0,
      "item.get cold · grpc-java vs express · p50": 0.079,
      "item.get cold · grpc-java vs express · p99": 0,
      "item.get cold · grpc-java vs express · rps": 0.014,
      "item.get cold · spring vs grpc-js · p50": 0.049,
      "item.get cold · spring vs grpc-js · p99": 0.044,
      "item.get cold · spring vs grpc-js · rps": 0.049,
      "item.get cold · grpc-java vs grpc-js · p50": 0.072,
      "item.get cold · grpc-java vs grpc-js · p99": 0.191,
      "item.get cold · grpc-java vs grpc-js · rps": 0.045,
      "item.get cold · express vs grpc-js · p50": 0,
      "item.get cold · express vs grpc-js · p99": 0.206,
      "item.get cold · express vs grpc-js · rps": 0,
    },
  },
  {
    // At study-000's defaults since they became this length, with the equal client's 4 MiB windows
    // and deadline header: the second session of this spec.
    command: "pnpm bench:calibrate --preset study-000 --repeat 20",
    preset: "study-000",
    overrides: {},
    runs: 20,
    measuredAt: "2026-11-27T11:33:11.329Z",
    spreads: {
      "item.get warm · REST vs gRPC · p50": 0.016,
      "item.get warm · REST vs gRPC · p99": 0,
      "item.get warm · REST vs gRPC · rps": 0.014,
      "item.get warm · spring vs express · p50": 0.02,
      "item.get warm · spring vs express · p99": 0.591,
      "item.get warm · spring vs express · rps": 0.053,
      "item.get warm · grpc-java vs express · p50": 0,
      "item.get warm · grpc-java vs express · p99": 0.604,
      "item.get warm · grpc-java vs express · rps": 0,
      "item.get warm · spring vs grpc-js · p50": 0.024,
      "item.get warm · spring vs grpc-js · p99": 0.348,
      "item.get warm · spring vs grpc-js · rps": 0.066,
      "item.get warm · grpc-java vs grpc-js · p50": 0.036,
      "item.get warm · grpc-java vs grpc-js · p99": 0.364,
      "item.get warm · grpc-java vs grpc-js · rps": 0,
      "item.get warm · express vs grpc-js · p50": 0.035,
      "item.get warm · express vs grpc-js · p99": 0.161,
      "item.get warm · express vs grpc-js · rps": 0,
      "item.get cold · REST vs gRPC · p50": 0.013,
      "item.get cold · REST vs gRPC · p99": 0,
      "item.get cold · REST vs gRPC · rps": 0.006,
      "item.get cold · spring vs express · p50": 0.011,
      "item.get cold · spring vs express · p99": 0.204,
      "item.get cold · spring vs express · rps": 0,
      "item.get cold · grpc-java vs express · p50": 0.017,
      "item.get cold · grpc-java vs express · p99": 0.311,
      "item.get cold · grpc-java vs express · rps": 0.054,
      "item.get cold · spring vs grpc-js · p50": 0.012,
      "item.get cold · spring vs grpc-js · p99": 0,
      "item.get cold · spring vs grpc-js · rps": 0.01,
      "item.get cold · grpc-java vs grpc-js · p50": 0,
      "item.get cold · grpc-java vs grpc-js · p99": 0,
      "item.get cold · grpc-java vs grpc-js · rps": 0.044,
      "item.get cold · express vs grpc-js · p50": 0.031,
      "item.get cold · express vs grpc-js · p99": 0.276,
      "item.get cold · express vs grpc-js · rps": 0.02,
    },
  },
];

/**
 * The reference calibrations as a run-to-run book, each under the scope of the spec it reran; a
 * comparison calibrated in several sessions appears once, with the largest spread of them.
 */
export function referenceRunToRunBook(): RunToRunBook {
  const largest = new Map<string, RunToRunEntry>();
  for (const calibration of REFERENCE_CALIBRATIONS) {
    const scope = runToRunScope(specFromPreset(calibration.preset, calibration.overrides));
    for (const [comparison, spread] of Object.entries(calibration.spreads)) {
      const key = `${scope}\n${comparison}`;
      if ((largest.get(key)?.spread ?? -1) >= spread) continue;
      largest.set(key, { scope, comparison, spread, runs: calibration.runs, measuredAt: calibration.measuredAt });
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
