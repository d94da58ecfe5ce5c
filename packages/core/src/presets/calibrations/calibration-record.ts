import { z } from "zod";

/**
 * calibrations/<preset>.json: what `pnpm bench:calibrate --repeat 20` showed for a preset's own
 * settings on the reference machine, one entry per session whose spreads ship with the code
 * (reference-run-to-run.ts widens later runs by them). The figures are copied from calibrate's
 * summary; a figure it did not print for a comparison is left out, never guessed.
 */
export const PRESET_CALIBRATION_SCHEMA = "relix.preset-calibration/v1";

/** One comparison ("noop · REST vs gRPC · p50") in one session. */
export const calibratedComparisonSchema = z.strictObject({
  /** The run-to-run spread kept for later runs, as a fraction (0.11 is 11%). */
  spread: z.number().nonnegative(),
  /** Median of the reruns' estimates (REST time / gRPC time, as calibrate printed it). */
  median: z.number().positive().optional(),
  /** Reruns whose own 95% interval held the median. */
  coverage: z.number().int().nonnegative().optional(),
  /** Reruns held by the spread kept before this session: the test on runs it was not fitted to. */
  coverageBefore: z.number().int().nonnegative().optional(),
  /** Pairs of reruns whose own intervals named opposite winners. */
  oppositeWinners: z.number().int().nonnegative().optional(),
});
export type CalibratedComparison = z.infer<typeof calibratedComparisonSchema>;

/**
 * The flags a session added to the preset's defaults (the length is part of what a spread fits).
 * When a preset's defaults change, its earlier sessions keep the settings they ran at here, so
 * their spreads stay attached to that spec and not to the preset's new one.
 */
const sessionOverridesSchema = z.strictObject({
  durationMs: z.number().int().positive().optional(),
  warmupMs: z.number().int().nonnegative().optional(),
  trials: z.number().int().positive().optional(),
  clients: z.enum(["tools", "equal", "both"]).optional(),
});

export const calibrationSessionSchema = z.strictObject({
  measuredAt: z.iso.datetime(),
  command: z.string().min(1),
  overrides: sessionOverridesSchema,
  runs: z.number().int().min(2),
  /** What was different about the machine or the client that session, where it matters. */
  context: z.string().min(1).optional(),
  comparisons: z.record(z.string().regex(/ · .+ · [a-z0-9]+$/), calibratedComparisonSchema),
});
export type CalibrationSession = z.infer<typeof calibrationSessionSchema>;

export const presetCalibrationSchema = z
  .strictObject({
    schema: z.literal(PRESET_CALIBRATION_SCHEMA),
    preset: z.string().min(1),
    machine: z.string().min(1),
    /** Oldest first; the last is the one the preset's note reports. */
    sessions: z.array(calibrationSessionSchema).min(1),
  })
  .refine((record) => record.sessions.every((s, i) => i === 0 || s.measuredAt > record.sessions[i - 1]!.measuredAt), {
    message: "sessions must be oldest first",
    path: ["sessions"],
  })
  .refine(
    (record) =>
      record.sessions.every((s) =>
        Object.values(s.comparisons).every((c) => [c.coverage, c.coverageBefore].every((k) => (k ?? 0) <= s.runs)),
      ),
    { message: "a coverage cannot exceed the session's runs", path: ["sessions"] },
  );
export type PresetCalibration = z.infer<typeof presetCalibrationSchema>;

/** The latest session of a record: the one its note reports. */
export const latestSession = (record: PresetCalibration): CalibrationSession => record.sessions.at(-1)!;
