import type { PlacementName } from "../network/placements";
import type { RunSpecInput } from "../spec/run-spec";

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
  /** Choices made where the study is vague, and the study's known flaws Relix does not reproduce. */
  notes: string[];
}

/**
 * What `pnpm bench:calibrate --preset NAME --repeat 20` showed for a preset's own settings on the
 * machine its figures come from, in one sentence; null when it has not been run. Every preset says
 * which (definePreset adds it to the notes), so a reader knows whether its intervals were checked
 * against reruns or rest on the method alone.
 */
export interface PresetCalibration {
  calibration: string | null;
}

export function definePreset(preset: Preset & PresetCalibration): Preset {
  const { calibration, ...rest } = preset;
  // A study's reproduction names no winner on an assumed spread (reference-run-to-run.ts says why).
  const verdicts =
    (preset.published?.length ?? 0) > 0
      ? 'its verdicts name no winner: each says "not enough to tell", with the run\'s own figure and interval, until a calibration of these runs exists'
      : 'its verdicts say "assumed"';
  const note =
    calibration ??
    `Not calibrated at its own settings: \`pnpm bench:calibrate --preset ${preset.name} --repeat 20\` (20 reruns) has not been run on the reference machine, so what moves a rerun is assumed, not measured: each interval is widened by the largest run-to-run spread any reference calibration showed at its metric (12% at p50, 65% at p99, 11% in throughput, measured on shorter runs, so usually more than a run of these settings moves on a machine like that one), and ${verdicts}. A calibration on your machine replaces it for later runs there. Its intervals rest on the same paired slices, pooled over its trials.`;
  return { ...rest, notes: [...rest.notes, note] };
}
