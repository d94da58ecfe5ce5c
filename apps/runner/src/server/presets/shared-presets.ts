import { findPreset, presets, specFromPreset } from "@relix/core";
import type { PresetCatalog, PresetSummary } from "./preset-catalog";

const list: PresetSummary[] = presets.map((preset) => ({
  name: preset.name,
  title: preset.title,
  description: preset.description,
  study: /^study-(\d{3})$/.exec(preset.name)?.[1] ?? null,
  notes: [...preset.notes],
  publishedFigures: preset.published?.length ?? 0,
}));

/** @relix/core's presets (quick and one per study), as the service reads them. */
export const sharedPresets: PresetCatalog = {
  list: () => list,
  has: (name) => findPreset(name) !== undefined,
  specFromPreset: (name, overrides) => specFromPreset(name, overrides),
};
