import { stackIds, stacks } from "@relix/core/stacks/stacks";
import { isFixedStack, toggleStack } from "@/lib/spec-form/stack-form";
import type { FieldErrors, FormValues } from "@/lib/spec-form/spec-form";
import { sweptDimensions, sweptHint } from "@/lib/spec-form/sweep-form";

/** The stacks every cell is measured through, each with what it isolates; express and grpc-js stay checked. */
export function StackFields({
  values,
  errors,
  onChange,
}: {
  values: FormValues;
  errors: FieldErrors;
  onChange: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
}) {
  const swept = sweptDimensions(values.sweep).has("stacks");
  return (
    <div className="field" style={{ marginTop: 16 }} data-testid="stack-fields">
      <span className="label" id="stacks-label">
        Stacks
      </span>
      <div role="group" aria-labelledby="stacks-label">
        {stackIds.map((id) => {
          const fixed = isFixedStack(id);
          return (
            <label key={id} className="check">
              <input
                type="checkbox"
                name="stacks"
                value={id}
                checked={fixed || values.stacks.includes(id)}
                disabled={fixed || swept}
                onChange={(e) => onChange("stacks", toggleStack(values.stacks, id, e.target.checked))}
              />
              <span>
                {id}
                {fixed ? " (always measured)" : ""}
                <small>
                  {stacks[id].isolates} · driven by {stacks[id].tool}
                </small>
              </span>
            </label>
          );
        })}
      </div>
      <div className="hint">
        {swept ? `${sweptHint("stacks")} · ` : ""}each stack changes one layer of express or grpc-js and is compared
        with both; the report walks from express to grpc-js one layer at a time · every extra stack adds its own window
        to every cell
      </div>
      {errors.stacks ? (
        <div className="error" role="alert" data-field-error="stacks">
          {errors.stacks}
        </div>
      ) : null}
    </div>
  );
}
