"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import type { CatalogWorkload, PresetWithSpec, SpecDefaults } from "@relix/core/runner-api/reference";
import { formatDuration } from "@/lib/format";
import {
  estimateRunMs,
  overridesOf,
  requestFieldsOf,
  specFieldsFrom,
  validateForm,
  valuesFrom,
  type Bounds,
  type FieldErrors,
  type FormValues,
} from "@/lib/spec-form/spec-form";
import { LoadFields } from "./LoadFields";
import { NetworkFields } from "./NetworkFields";
import { StackFields } from "./StackFields";
import { SweepFields } from "./SweepFields";
import { gridPointsOf, sweptDimensions } from "@/lib/spec-form/sweep-form";
import { CUSTOM_PRESET, PresetPicker } from "./PresetPicker";
import { submitRun } from "./submit-run";
import { WorkloadOptions } from "./WorkloadOptions";

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
export function RunForm({
  presets,
  workloads,
  bounds,
  defaults,
  cacheModes,
  maxTotalRunMs,
  initialPreset,
}: RunFormProps) {
  const router = useRouter();
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
  const [submitting, setSubmitting] = useState(false);

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (Object.keys(checked.errors).length > 0) {
      setErrors(checked.errors);
      setAdvancedOpen(true);
      return;
    }
    if (estimate !== null && estimate > maxTotalRunMs) {
      // A sweep is what makes a run long: say so where its values are typed, as the runner would.
      if (checked.fields.sweep)
        setErrors({ sweep: "Too long for one run: choose fewer sweep values or shorter windows" });
      setFormError(
        `This run would measure for about ${formatDuration(estimate)}, more than the ${formatDuration(maxTotalRunMs)} limit.`,
      );
      setAdvancedOpen(true);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const outcome = await submitRun(
      preset === CUSTOM_PRESET
        ? { spec: requestFieldsOf(checked.fields) }
        : { preset, ...(edited ? { spec: overrides } : {}) },
    );
    if (outcome.ok) {
      router.push(`/runs/${encodeURIComponent(outcome.id)}`);
      return;
    }
    setErrors(outcome.fieldErrors);
    if (Object.keys(outcome.fieldErrors).length > 0) setAdvancedOpen(true);
    setFormError(outcome.message);
    setSubmitting(false);
  }

  return (
    <form onSubmit={submit} noValidate data-testid="run-form">
      <PresetPicker presets={presets} chosen={preset} edited={edited} onChoose={choosePreset} />

      <section className="section card card-pad">
        <details
          className="advanced"
          open={advancedOpen}
          onToggle={(e) => setAdvancedOpen((e.target as HTMLDetailsElement).open)}
        >
          <summary>
            Advanced options
            <span className="muted small" style={{ fontWeight: 400 }}>
              {checked.fields.workloads.length} workloads · {checked.fields.cacheModes.join(", ")} ·{" "}
              {values.connections} connections · {values.durationSeconds} s × {values.trials} trials ·{" "}
              {values.network.join(", ")} · {values.stacks.join(", ")}
              {checked.fields.sweep
                ? ` · sweep ${checked.fields.sweep.axes.map((a) => a.dimension).join(" × ")} (${gridPointsOf(checked.fields.sweep)} points)`
                : ""}
            </span>
          </summary>

          <div style={{ marginTop: 16 }}>
            <WorkloadOptions
              workloads={workloads}
              presets={presets}
              cacheModes={cacheModes}
              chosenWorkloads={values.workloads}
              chosenCacheModes={values.cacheModes}
              cacheModesSwept={sweptDimensions(values.sweep).has("cacheModes")}
              bounds={bounds}
              errors={errors}
              onToggle={toggle}
            />
            <NetworkFields values={values} errors={errors} onChange={set} />
            <StackFields values={values} errors={errors} onChange={set} />
            <LoadFields values={values} bounds={bounds} errors={errors} onChange={set} />
            <SweepFields values={values} errors={errors} onChange={set} />
          </div>
        </details>
      </section>

      {formError ? (
        <div className="banner banner-bad section" role="alert" data-testid="form-error">
          {formError}
        </div>
      ) : null}

      <div className="submit-bar">
        <button type="submit" className="btn btn-primary btn-big" disabled={submitting} data-testid="run-benchmark">
          {submitting ? "Starting…" : "Run benchmark"}
        </button>
        <div className="muted">
          {estimate !== null ? (
            <>
              {checked.fields.sweep ? "At most " : "About "}
              <strong className="num" data-testid="run-estimate">
                {formatDuration(estimate)}
              </strong>{" "}
              of load (warm-up + window, both protocols, every trial
              {checked.fields.sweep ? ", every grid point and the crossover search's budget" : ""}), plus service
              start-up.
              {estimate > maxTotalRunMs ? (
                <span className="error-text"> Over the {formatDuration(maxTotalRunMs)} limit.</span>
              ) : null}
            </>
          ) : (
            "Fix the marked options to see how long the run takes."
          )}
        </div>
      </div>
    </form>
  );
}
