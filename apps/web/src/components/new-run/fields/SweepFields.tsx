import type { SweepDimension } from "@relix/core/sweep/sweep-spec";
import type { FieldErrors, FormValues } from "@/lib/spec-form/spec-form";
import {
  MAX_GRID_POINTS,
  SWEEP_DIMENSION_TEXT,
  sweepDimensions,
  sweepValuesHint,
  type SweepFormValues,
} from "@/lib/spec-form/sweep-form";
import { FieldHint, fieldProps } from "./FieldHint";

/** Up to two swept axes: a dimension and its values; the run then maps them and looks for the crossover. */
export function SweepFields({
  values,
  errors,
  onChange,
}: {
  values: FormValues;
  errors: FieldErrors;
  onChange: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
}) {
  const setAxis = (i: 0 | 1, patch: Partial<SweepFormValues[number]>) => {
    const next = [...values.sweep] as SweepFormValues;
    next[i] = { ...next[i], ...patch };
    // Without a first axis the second moves up: a disabled second axis must not go on sweeping unseen.
    if (next[0].dimension === "") onChange("sweep", [next[1], { dimension: "", values: "" }]);
    else onChange("sweep", next);
  };
  return (
    <fieldset className="field" style={{ marginTop: 16, border: 0, padding: 0 }} data-testid="sweep-fields">
      <legend className="label">Sweep</legend>
      <div className="form-grid">
        {([0, 1] as const).map((i) => {
          const axis = values.sweep[i];
          const used = values.sweep[i === 0 ? 1 : 0].dimension;
          return (
            <div key={i} className="field">
              <label htmlFor={`sweep-dimension-${i}`}>{i === 0 ? "Axis" : "Second axis (optional)"}</label>
              <select
                id={`sweep-dimension-${i}`}
                className="input"
                value={axis.dimension}
                disabled={i === 1 && values.sweep[0].dimension === ""}
                onChange={(e) => setAxis(i, { dimension: e.target.value as SweepDimension | "" })}
              >
                <option value="">
                  {i === 1
                    ? "none"
                    : values.sweep[1].dimension
                      ? "none (the second axis moves up)"
                      : "no sweep: one point"}
                </option>
                {sweepDimensions
                  .filter((d) => d !== used)
                  .map((d) => (
                    <option key={d} value={d}>
                      {SWEEP_DIMENSION_TEXT[d]}
                    </option>
                  ))}
              </select>
              <input
                id={`sweep-values-${i}`}
                className="input"
                style={{ marginTop: 6 }}
                aria-label={`${i === 0 ? "Axis" : "Second axis"} values, comma-separated`}
                placeholder="values, comma-separated"
                disabled={axis.dimension === ""}
                value={axis.values}
                onChange={(e) => setAxis(i, { values: e.target.value })}
                {...fieldProps("sweep", errors)}
              />
              <div className="hint">{sweepValuesHint(axis.dimension)}</div>
            </div>
          );
        })}
      </div>
      <FieldHint
        field="sweep"
        errors={errors}
        note={`at most ${MAX_GRID_POINTS} grid points; where the winner changes along a numeric axis, the run adds up to 8 points to bracket the crossover (counted in the estimate below)`}
      />
    </fieldset>
  );
}
