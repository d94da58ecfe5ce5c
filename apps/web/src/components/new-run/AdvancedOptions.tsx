import type { CatalogWorkload, PresetWithSpec } from "@relix/core/runner-api/reference";
import type { Bounds } from "@/lib/spec-form/spec-form";
import { sweptDimensions } from "@/lib/spec-form/sweep-form";
import { AdvancedSummary } from "./AdvancedSummary";
import { LoadFields } from "./fields/LoadFields";
import { NetworkFields } from "./fields/NetworkFields";
import { StackFields } from "./fields/StackFields";
import { SweepFields } from "./fields/SweepFields";
import type { RunFormState } from "./use-run-form";
import { WorkloadOptions } from "./fields/WorkloadOptions";

/** Every option of the run, folded under a one-line summary until opened (or until one needs fixing). */
export function AdvancedOptions({
  form,
  workloads,
  presets,
  cacheModes,
  bounds,
}: {
  form: RunFormState;
  workloads: CatalogWorkload[];
  presets: PresetWithSpec[];
  cacheModes: string[];
  bounds: Bounds;
}) {
  const { values, errors, set } = form;
  return (
    <section className="section card card-pad">
      <details
        className="advanced"
        open={form.advancedOpen}
        onToggle={(e) => form.setAdvancedOpen((e.target as HTMLDetailsElement).open)}
      >
        <AdvancedSummary values={values} fields={form.checked.fields} />

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
            onToggle={form.toggle}
          />
          <NetworkFields values={values} errors={errors} onChange={set} />
          <StackFields values={values} errors={errors} onChange={set} />
          <LoadFields values={values} bounds={bounds} errors={errors} onChange={set} />
          <SweepFields values={values} errors={errors} onChange={set} />
        </div>
      </details>
    </section>
  );
}
