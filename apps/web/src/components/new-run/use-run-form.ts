"use client";

import { useMemo, useState } from "react";
import type { CatalogWorkload, PresetWithSpec, SpecDefaults } from "@relix/core/runner-api/reference";
import {
  estimateRunMs,
  overridesOf,
  specFieldsFrom,
  validateForm,
  valuesFrom,
  type Bounds,
  type FieldErrors,
  type FormValues,
} from "@/lib/spec-form/spec-form";
import { CUSTOM_PRESET } from "./PresetPicker";

export interface RunFormChoices {
  presets: PresetWithSpec[];
  workloads: CatalogWorkload[];
  bounds: Bounds;
  defaults: SpecDefaults;
  cacheModes: string[];
  /** Preset chosen on load (from ?preset=). */
  initialPreset?: string;
}

/**
 * The new-run form's state: the chosen preset, the values as typed, what checking them finds (the
 * spec fields, their errors, the estimate, what differs from the preset), and the setters the inputs call.
 */
export function useRunForm({ presets, workloads, bounds, defaults, cacheModes, initialPreset }: RunFormChoices) {
  const first = presets.find((p) => p.name === initialPreset) ?? presets[0];
  const [preset, setPreset] = useState<string>(first?.name ?? CUSTOM_PRESET);
  const base = useMemo(
    () => specFieldsFrom(presets.find((p) => p.name === preset)?.spec ?? defaults),
    [preset, presets, defaults],
  );
  const [values, setValues] = useState<FormValues>(() => valuesFrom(specFieldsFrom(first?.spec ?? defaults)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [advancedOpen, setAdvancedOpen] = useState(presets.length === 0);

  const context = useMemo(
    () => ({ bounds, workloadIds: workloads.map((w) => w.id), cacheModes }),
    [bounds, workloads, cacheModes],
  );
  const checked = useMemo(() => validateForm(values, context), [values, context]);
  const estimate = Object.keys(checked.errors).length === 0 ? estimateRunMs(checked.fields) : null;
  const overrides = preset === CUSTOM_PRESET ? null : overridesOf(checked.fields, base);
  const edited = overrides !== null && Object.keys(overrides).length > 0;

  function choosePreset(name: string) {
    setPreset(name);
    if (name === CUSTOM_PRESET) {
      // Custom starts from the options as they are.
      setAdvancedOpen(true);
      return;
    }
    const chosen = presets.find((p) => p.name === name);
    if (chosen) setValues(valuesFrom(specFieldsFrom(chosen.spec)));
    setErrors({});
    setFormError(null);
  }

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  function toggle(key: "workloads" | "cacheModes", id: string, on: boolean) {
    setValues((v) => ({ ...v, [key]: on ? [...v[key], id] : v[key].filter((x) => x !== id) }));
  }

  return {
    preset,
    values,
    errors,
    formError,
    advancedOpen,
    checked,
    estimate,
    overrides,
    edited,
    choosePreset,
    set,
    toggle,
    setErrors,
    setFormError,
    setAdvancedOpen,
  };
}

export type RunFormState = ReturnType<typeof useRunForm>;
