import { requestFieldsOf, type SpecFields, type SpecOverrides } from "@/lib/spec-form/spec-form";
import { CUSTOM_PRESET } from "./PresetPicker";

/** What the form sends: a custom run's whole spec, or the preset and only what was changed in it. */
export function runRequestOf(preset: string, fields: SpecFields, overrides: SpecOverrides | null) {
  if (preset === CUSTOM_PRESET) return { spec: requestFieldsOf(fields) };
  const edited = overrides !== null && Object.keys(overrides).length > 0;
  return { preset, ...(edited ? { spec: overrides } : {}) };
}
