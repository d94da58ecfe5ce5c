import type { RunSpec } from "@relix/core";
import type { PresetSummary } from "@relix/core/runner-api/reference";

export type { PresetSummary };

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
