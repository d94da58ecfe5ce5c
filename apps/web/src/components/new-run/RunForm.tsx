"use client";

import type { CatalogWorkload, PresetWithSpec, SpecDefaults } from "@relix/core/runner-api/reference";
import type { Bounds } from "@/lib/spec-form/spec-form";
import { AdvancedOptions } from "./AdvancedOptions";
import { PresetPicker } from "./PresetPicker";
import { SubmitBar } from "./SubmitBar";
import { useRunForm } from "./use-run-form";
import { useSubmitRun } from "./use-submit-run";

export interface RunFormProps {
  presets: PresetWithSpec[];
  workloads: CatalogWorkload[];
  bounds: Bounds;
  defaults: SpecDefaults;
  cacheModes: string[];
  maxTotalRunMs: number;
  /** Preset chosen on load (from ?preset=). */
  initialPreset?: string;
}

/** The new-run page: a preset, optionally edited in the advanced options, checked, then started. */
export function RunForm(props: RunFormProps) {
  const { presets, workloads, bounds, cacheModes, maxTotalRunMs } = props;
  const form = useRunForm(props);
  const { submitting, submit } = useSubmitRun(form, maxTotalRunMs);

  return (
    <form onSubmit={submit} noValidate data-testid="run-form">
      <PresetPicker presets={presets} chosen={form.preset} edited={form.edited} onChoose={form.choosePreset} />

      <AdvancedOptions form={form} workloads={workloads} presets={presets} cacheModes={cacheModes} bounds={bounds} />

      {form.formError ? (
        <div className="banner banner-bad section" role="alert" data-testid="form-error">
          {form.formError}
        </div>
      ) : null}

      <SubmitBar
        submitting={submitting}
        estimate={form.estimate}
        swept={Boolean(form.checked.fields.sweep)}
        maxTotalRunMs={maxTotalRunMs}
      />
    </form>
  );
}
