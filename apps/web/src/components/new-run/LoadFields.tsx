import type { RunFieldTable } from "@relix/core/run-request/run-field";
import { runFields } from "@relix/core/run-request/run-fields";
import type { SweepDimension } from "@relix/core/sweep/sweep-spec";
import { PAYLOAD_UNITS, type PayloadUnit } from "@/lib/spec-form/field-checks";
import { textInputsOf, type TextInputField } from "@/lib/spec-form/form-fields";
import type { Bounds, FieldErrors, FormField, FormValues } from "@/lib/spec-form/spec-form";
import { sweptDimensions, sweptHint } from "@/lib/spec-form/sweep-form";
import { FieldHint, fieldProps } from "./FieldHint";

const PAYLOAD_UNIT_NAMES = Object.keys(PAYLOAD_UNITS) as PayloadUnit[];

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

  const field = ({ key, input, sweepDimension }: TextInputField) => {
    const formField = key as FormField;
    const isSwept = sweepDimension !== undefined && swept.has(sweepDimension as SweepDimension);
    const box =
      input.input === "choice" ? (
        <select
          id={input.id}
          className="input"
          value={text[input.key]}
          onChange={(e) => set(input.key, e.target.value)}
          {...fieldProps(formField, errors)}
        >
          {input.choices.map((choice) => (
            <option key={choice}>{choice}</option>
          ))}
        </select>
      ) : (
        <input
          id={input.id}
          className="input"
          inputMode={input.input === "count" ? "numeric" : "decimal"}
          placeholder={input.placeholder}
          value={text[input.key]}
          disabled={isSwept}
          onChange={(e) => set(input.key, e.target.value)}
          {...fieldProps(formField, errors)}
        />
      );
    return (
      <div className="field" key={key}>
        <label htmlFor={input.id}>{input.label}</label>
        {input.input === "size" ? (
          <div className="input-group">
            {box}
            <select
              className="input"
              aria-label={`${input.name} unit`}
              value={text[input.unitKey]}
              disabled={isSwept}
              onChange={(e) => set(input.unitKey, e.target.value)}
            >
              {PAYLOAD_UNIT_NAMES.map((u) => (
                <option key={u}>{u}</option>
              ))}
            </select>
          </div>
        ) : (
          box
        )}
        <FieldHint
          field={formField}
          bound={bounds[key]}
          errors={errors}
          note={isSwept ? sweptHint(sweepDimension as SweepDimension) : input.hint}
        />
      </div>
    );
  };

  return (
    <div className="form-grid" style={{ marginTop: 18 }}>
      {textInputsOf(fields).map(field)}
      {fields.map((f) =>
        f.form?.input === "shown" ? (
          <div className="field" key={f.key}>
            <span id={`${f.form.id}-label`}>{f.form.label}</span>
            <output
              className="input"
              aria-labelledby={`${f.form.id}-label`}
              data-testid={f.form.id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}
            >
              {f.form.text}
            </output>
            <div className="hint">{f.form.hint}</div>
          </div>
        ) : null,
      )}
    </div>
  );
}
