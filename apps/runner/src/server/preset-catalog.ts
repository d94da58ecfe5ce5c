import type { RunSpec } from "@relix/core";

/** What the web form shows for one preset. */
export interface PresetSummary {
  name: string;
  title: string;
  /** The one line that says what the preset answers. */
  description: string;
  /** The study it reproduces ("000".."004", one preset each), null for the others. */
  study: string | null;
  /** Choices made where the study is vague, and its flaws that Relix does not reproduce. */
  notes: string[];
}

/**
 * The presets as the service needs them: @relix/core's presets in the real service
 * (shared-presets.ts), whatever a test needs otherwise.
 */
export interface PresetCatalog {
  list(): readonly PresetSummary[];
  has(name: string): boolean;
  /**
   * The preset's spec with `overrides` (a partial RunSpec, already checked field by field) laid
   * over it, validated by runSpecSchema. Throws (a ZodError, or an Error saying why) when invalid.
   */
  specFromPreset(name: string, overrides: Record<string, unknown>): RunSpec;
}

/** For a runner started without presets (and tests that do not need them). */
export const noPresets: PresetCatalog = {
  list: () => [],
  has: () => false,
  specFromPreset: (name) => {
    throw new Error(`unknown preset "${name}"`);
  },
};
