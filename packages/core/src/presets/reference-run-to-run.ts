// The run-to-run spreads `pnpm bench:calibrate` measured on the machine the README's figures come
// from (2 cores, shared, Debian 12), shipped with the code. A machine that never calibrated a spec
// still gets intervals that hold what a rerun adds: the reference machine's spread of the same
// spec when it calibrated that one, else the largest spread any of its calibrations showed at that
// metric, an assumption the result names as one. A machine's own calibration (the run-to-run book
// in .relix/) always comes first. Measured 2026-11-27, 20 reruns each (README, "Measured on this
// machine"; docs/measurement.md).
import {
  comparisonName,
  runToRunLookup,
  runToRunScope,
  type RunToRunBook,
  type RunToRunEntry,
  type RunToRunLookup,
  type RunToRunNoise,
} from "../stats/run-to-run-book";
import type { RunSpec } from "../spec/run-spec";
import type { PresetOverrides } from "./preset-sweep-overrides";
import { specFromPreset } from "./presets";

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
    command: "pnpm bench:calibrate --repeat 20",
    preset: "quick",
    overrides: {},
    runs: 20,
    measuredAt: "2026-11-27T04:09:32.818Z",
    spreads: {
      "noop · REST vs gRPC · p50": 0.082,
      "noop · REST vs gRPC · p99": 0.079,
      "noop · REST vs gRPC · rps": 0,
      "item.get warm · REST vs gRPC · p50": 0,
      "item.get warm · REST vs gRPC · p99": 0,
      "item.get warm · REST vs gRPC · rps": 0,
      "meteorites.get warm · REST vs gRPC · p50": 0.118,
      "meteorites.get warm · REST vs gRPC · rps": 0.101,
      "stream · REST vs gRPC · p50": 0.049,
      "stream · REST vs gRPC · p99": 0.183,
      "stream · REST vs gRPC · rps": 0,
    },
  },
  {
    command: "pnpm bench:calibrate --preset study-000 --duration 2s --warmup 1s --trials 1 --repeat 20",
    preset: "study-000",
    overrides: { durationMs: 2_000, warmupMs: 1_000, trials: 1 },
    runs: 20,
    measuredAt: "2026-11-27T03:49:43.080Z",
    spreads: {
      "item.get warm · REST vs gRPC · p50": 0.179,
      "item.get warm · REST vs gRPC · p99": 0.088,
      "item.get warm · REST vs gRPC · rps": 0.153,
      "item.get warm · spring vs express · p50": 0.156,
      "item.get warm · spring vs express · p99": 0.274,
      "item.get warm · spring vs express · rps": 0.141,
      "item.get warm · grpc-java vs express · p50": 0.01,
      "item.get warm · grpc-java vs express · p99": 0.294,
      "item.get warm · grpc-java vs express · rps": 0.061,
      "item.get warm · spring vs grpc-js · p50": 0.131,
      "item.get warm · spring vs grpc-js · p99": 0.317,
      "item.get warm · spring vs grpc-js · rps": 0.099,
      "item.get warm · grpc-java vs grpc-js · p50": 0,
      "item.get warm · grpc-java vs grpc-js · p99": 0.356,
      "item.get warm · grpc-java vs grpc-js · rps": 0.036,
      "item.get warm · express vs grpc-js · p50": 0.087,
      "item.get warm · express vs grpc-js · p99": 0.509,
      "item.get warm · express vs grpc-js · rps": 0.113,
      "item.get cold · REST vs gRPC · p50": 0,
      "item.get cold · REST vs gRPC · p99": 0.423,
      "item.get cold · REST vs gRPC · rps": 0,
      "item.get cold · spring vs express · p50": 0.066,
      "item.get cold · spring vs express · p99": 0.262,
      "item.get cold · spring vs express · rps": 0.026,
      "item.get cold · grpc-java vs express · p50": 0.084,
      "item.get cold · grpc-java vs express · p99": 0.234,
      "item.get cold · grpc-java vs express · rps": 0.037,
      "item.get cold · spring vs grpc-js · p50": 0.018,
      "item.get cold · spring vs grpc-js · p99": 0.325,
      "item.get cold · spring vs grpc-js · rps": 0.029,
      "item.get cold · grpc-java vs grpc-js · p50": 0.015,
      "item.get cold · grpc-java vs grpc-js · p99": 0.22,
      "item.get cold · grpc-java vs grpc-js · rps": 0,
      "item.get cold · express vs grpc-js · p50": 0.074,
      "item.get cold · express vs grpc-js · p99": 0,
      "item.get cold · express vs grpc-js · rps": 0.057,
    },
  },
];

/** The reference calibrations as a run-to-run book, each under the scope of the spec it reran. */
export function referenceRunToRunBook(): RunToRunBook {
  return {
    version: 1,
    entries: REFERENCE_CALIBRATIONS.flatMap((calibration) => {
      const scope = runToRunScope(specFromPreset(calibration.preset, calibration.overrides));
      return Object.entries(calibration.spreads).map(([comparison, spread]) => ({
        scope,
        comparison,
        spread,
        runs: calibration.runs,
        measuredAt: calibration.measuredAt,
      }));
    }),
  };
}

/**
 * Per metric, the largest spread any reference calibration showed, with the comparison it was:
 * what a comparison never calibrated is assumed to move by. The reference runs were short (1.5 s
 * and 2 s windows, one trial), and longer runs scatter less, so for them it is an upper bound.
 */
export function assumedSpreads(): Map<string, RunToRunEntry> {
  const largest = new Map<string, RunToRunEntry>();
  for (const entry of referenceRunToRunBook().entries) {
    const metric = metricOf(entry.comparison);
    if ((largest.get(metric)?.spread ?? -1) < entry.spread) largest.set(metric, entry);
  }
  return largest;
}

/** "p50" of "item.get warm · REST vs gRPC · p50": the metric is the name's last part (comparisonName). */
export const metricOf = (comparison: string) => comparison.split(" · ").at(-1)!;

/** The three sources in order, for a run of `spec` on a machine whose own book is `book`. */
export interface LayeredRunToRun {
  noiseOf(cell: string, pair: string, metric: string): RunToRunNoise | undefined;
}

export function layeredRunToRun(book: RunToRunBook, spec: RunSpec): LayeredRunToRun {
  const own: RunToRunLookup = runToRunLookup(book, spec);
  const reference = runToRunLookup(referenceRunToRunBook(), spec);
  const assumed = assumedSpreads();
  return {
    noiseOf(cell, pair, metric) {
      const comparison = comparisonName(cell, pair, metric);
      const mine = own.spreadOf(comparison);
      if (mine) return { ...mine, source: "this-machine" };
      const theirs = reference.spreadOf(comparison);
      if (theirs) return { ...theirs, source: "reference" };
      const largest = assumed.get(metric);
      return largest ? { ...largest, comparison, source: "assumed" } : undefined;
    },
  };
}
