import type { PlacementName } from "../network/placements";
import type { RunSpecInput } from "../spec/run-spec";
import { calibrationNote } from "./calibrations/calibration-note";

/** A cell's cache mode as results name it: "none" for workloads that never read through the cache. */
export type CellCacheMode = "warm" | "cold" | "miss" | "memory" | "none";

/**
 * How a published number is compared with a measured one. Every measure is read from a cell of
 * the result, so published and measured are always in the same unit:
 * - meanMs / p50Ms / p99Ms: client latency per call (mean, median, 99th percentile);
 * - rps: successful responses per second of the measured window;
 * - msPer200Calls: mean latency x 200 (study 003's "ms per loop of 200 sequential calls"; only
 *   honest at connections 1, where calls are sequential);
 * - requestBodyBytes / responseBodyBytes: body of one request or response in each encoding;
 * - cacheImprovementPct: (cold mean - warm mean) / cold mean x 100, from the warm and cold cells of
 *   the same workload (study 000's "cache improvement"); placed on the warm cell.
 */
export const publishedMeasures = [
  "meanMs",
  "p50Ms",
  "p99Ms",
  "rps",
  "msPer200Calls",
  "requestBodyBytes",
  "responseBodyBytes",
  "cacheImprovementPct",
] as const;
export type PublishedMeasure = (typeof publishedMeasures)[number];

/** One number a study published, and where in a Relix result its measured twin is. */
export interface PublishedFigureDefinition {
  workload: string;
  cacheMode: CellCacheMode;
  label: string;
  unit: string;
  /** The study's numbers, converted to `unit`; null where the study published none. */
  rest: number | null;
  grpc: number | null;
  measure: PublishedMeasure;
  /**
   * The figure belongs to one load level of the study, mapped to this many connections: it is
   * compared only when the run used exactly that many (another level is not the same experiment).
   */
  connections?: number;
  /**
   * The workload whose cell gives REST's measured value, when the study compared REST's answer with
   * another call of gRPC's (study 002: its REST list of 100 against its gRPC stream of 100). The figure
   * stays on `workload`'s cell.
   */
  restWorkload?: string;
  /** The network placement the study measured it under, whose cell it is compared with; default loopback. */
  placement?: PlacementName;
  note?: string;
}

/** The spec part of a preset: RunSpec input without its name (the preset supplies that). */
export type PresetSpec = Omit<RunSpecInput, "preset">;

export interface Preset {
  name: string;
  title: string;
  /** One line: the question the preset answers. */
  description: string;
  spec: PresetSpec;
  published?: PublishedFigureDefinition[];
  /**
   * The study called one at a time: its timing figures are compared only at connections 1; at another
   * load the row stays, with a note in place of the measured values (byte figures hold at any load).
   */
  sequentialFigures?: boolean;
  /**
   * At most three short lines a reader needs beside this preset's report: two written with the
   * preset (what its windows mean, what it leaves out and the flag that adds it), then the
   * calibration note definePreset adds. The long story is the preset's section of docs/presets.md.
   */
  notes: string[];
}

/**
 * A preset as written, notes and all, ending with the calibration note every preset has. That note
 * comes from the reference machine's record of the preset (calibrations/<name>.json), or says the
 * preset was not calibrated, so a reader knows whether its intervals were checked against reruns.
 */
export function definePreset(preset: Preset): Preset {
  const reproducesStudy = (preset.published?.length ?? 0) > 0;
  return { ...preset, notes: [...preset.notes, calibrationNote({ name: preset.name, reproducesStudy })] };
}
