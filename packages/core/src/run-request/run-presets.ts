import { findPreset, presets, specFromPreset } from "../presets/presets";
import type { RunSpec } from "../spec/run-spec";

/** The presets a run request may name: @relix/core's own, or whatever a runner was given. */
export interface RunPresets {
  has(name: string): boolean;
  list(): readonly { name: string }[];
  /**
   * The preset's spec with `overrides` (spec fields, already checked one by one) laid over it and
   * validated as a whole. Throws a ZodError, or an Error saying why, when the result is invalid.
   */
  specFromPreset(name: string, overrides: Record<string, unknown>): RunSpec;
}

/** @relix/core's presets (quick and one per study). */
export const corePresets: RunPresets = {
  has: (name) => findPreset(name) !== undefined,
  list: () => presets,
  specFromPreset: (name, overrides) => specFromPreset(name, overrides),
};
