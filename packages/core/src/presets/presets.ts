import { withPairStacks } from "../stacks/stack-list";
import { runSpecSchema, type RunSpec } from "../spec/run-spec";
import type { Preset } from "./preset";
import { presetSweepWithOverrides, type PresetOverrides } from "./preset-sweep-overrides";
import { crossoverPreset } from "./crossover";
import { quickPreset } from "./quick";
import { study000Preset } from "./study-000";
import { study001Preset } from "./study-001";
import { study002Preset } from "./study-002";
import { study003Preset } from "./study-003";
import { study004Preset } from "./study-004";

/** Every preset, in the order --help and the UI list them. */
export const presets: readonly Preset[] = [
  quickPreset,
  study000Preset,
  study001Preset,
  study002Preset,
  study003Preset,
  study004Preset,
  crossoverPreset,
];

export const presetNames = presets.map((p) => p.name);

export const DEFAULT_PRESET = quickPreset.name;

export function findPreset(name: string): Preset | undefined {
  return presets.find((p) => p.name === name);
}

/** Whether a run set up as `name` reproduces a published study (its preset has published figures). */
export function reproducesStudy(name: string | undefined): boolean {
  return (findPreset(name ?? "")?.published?.length ?? 0) > 0;
}

export function getPreset(name: string): Preset {
  const preset = findPreset(name);
  if (!preset) throw new Error(`unknown preset "${name}" (known: ${presetNames.join(", ")})`);
  return preset;
}

/**
 * A preset's spec with `overrides` on top (an undefined override keeps the preset's value; `sweep:
 * null` removes the preset's sweep; a field an axis of the preset's sweep stands for narrows or fixes
 * that axis), validated like any other spec: a preset gets no way around the bounds.
 */
export function specFromPreset(name: string, overrides: PresetOverrides = {}): RunSpec {
  const preset = getPreset(name);
  const { sweep: _sweep, ...defined } = Object.fromEntries(
    Object.entries(overrides).filter(([, value]) => value !== undefined),
  ) as PresetOverrides;
  // A rate or a connection count given by the user is the load they want for every workload: the
  // preset's per-workload loads would otherwise quietly win over it.
  const ownLoadReplaced = "rate" in defined || "connections" in defined;
  const { sweep: _presetSweep, ...base } = ownLoadReplaced ? { ...preset.spec, workloadLoads: undefined } : preset.spec;
  const sweep = presetSweepWithOverrides(preset.spec.sweep, overrides);
  const parsed = runSpecSchema.safeParse({ ...base, ...defined, ...(sweep ? { sweep } : {}), preset: preset.name });
  if (parsed.success) return withPairStacks(parsed.data);
  const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(spec)"}: ${i.message}`);
  throw new Error(`preset "${name}" with these options is not a valid spec: ${issues.join("; ")}`);
}
