import { metricOf } from "../../stats/run-to-run-book";
import { presetCalibrationSchema, type PresetCalibration } from "./calibration-record";
import quick from "./quick.json" with { type: "json" };
import study000 from "./study-000.json" with { type: "json" };

/** One file per calibrated preset, named for it; every other preset is not calibrated. */
const files: Record<string, unknown> = { "quick.json": quick, "study-000.json": study000 };

/**
 * The reference machine's calibration records, checked when this module loads: a file that does
 * not match its schema stops every import of the presets, rather than shipping spreads no one read.
 */
export const referenceCalibrations: readonly PresetCalibration[] = Object.entries(files).map(([name, file]) => {
  const parsed = presetCalibrationSchema.safeParse(file);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`);
    throw new Error(`presets/calibrations/${name} is not a calibration record: ${issues.join("; ")}`);
  }
  // Named for its preset, so a reader finds a preset's record by its name.
  if (`${parsed.data.preset}.json` !== name)
    throw new Error(`presets/calibrations/${name} records "${parsed.data.preset}"`);
  return parsed.data;
});

export function calibrationOf(preset: string): PresetCalibration | undefined {
  return referenceCalibrations.find((record) => record.preset === preset);
}

/**
 * Per metric (p50, p99, rps...), the largest spread any reference session kept: what a comparison
 * no calibration covers is assumed to move by (reference-run-to-run.ts applies it).
 */
export function largestReferenceSpreads(): Map<string, number> {
  const largest = new Map<string, number>();
  for (const record of referenceCalibrations)
    for (const session of record.sessions)
      for (const [comparison, { spread }] of Object.entries(session.comparisons)) {
        const metric = metricOf(comparison);
        largest.set(metric, Math.max(largest.get(metric) ?? 0, spread));
      }
  return largest;
}
