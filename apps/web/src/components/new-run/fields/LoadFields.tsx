import type { RunFieldTable } from "@relix/core/run-request/run-field";
import { runFields } from "@relix/core/run-request/run-fields";
import type { SweepDimension } from "@relix/core/sweep/sweep-spec";
import { textInputsOf } from "@/lib/spec-form/form-fields";
import type { Bounds, FieldErrors, FormValues } from "@/lib/spec-form/spec-form";
import { sweptDimensions } from "@/lib/spec-form/sweep-form";
import { LoadInputField } from "./LoadInputField";
import { ShownField } from "./ShownField";

/**
 * The numbers that shape the load: connections, trials, windows, rate, sizes, each input as the
 * run-field table describes it (its kind, label and hint). An input the sweep sets is disabled.
 */
export function LoadFields({
  values,
  bounds,
  errors,
  onChange,
  fields = runFields,
}: {
  values: FormValues;
  bounds: Bounds;
  errors: FieldErrors;
  onChange: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
  /** The run-field table (a test's copy; the real one otherwise). */
  fields?: RunFieldTable;
}) {
  const swept = sweptDimensions(values.sweep);
  const text = values as unknown as Record<string, string>;
  const set = (key: string, value: string) => onChange(key as keyof FormValues, value as never);

  return (
    <div className="form-grid" style={{ marginTop: 18 }}>
      {textInputsOf(fields).map((field) => (
        <LoadInputField
          key={field.key}
          field={field}
          text={text}
          swept={field.sweepDimension !== undefined && swept.has(field.sweepDimension as SweepDimension)}
          bound={bounds[field.key]}
          errors={errors}
          onSet={set}
        />
      ))}
      {fields.map((f) => (f.form?.input === "shown" ? <ShownField key={f.key} form={f.form} /> : null))}
    </div>
  );
}
