import type { SweepDimension } from "@relix/core/sweep/sweep-spec";
import { PAYLOAD_UNITS, type PayloadUnit } from "@/lib/spec-form/field-checks";
import type { TextInputField } from "@/lib/spec-form/form-fields";
import type { Bound, FieldErrors, FormField } from "@/lib/spec-form/spec-form";
import { sweptHint } from "@/lib/spec-form/sweep-form";
import { FieldHint, fieldProps } from "./FieldHint";

const PAYLOAD_UNIT_NAMES = Object.keys(PAYLOAD_UNITS) as PayloadUnit[];

interface InputProps {
  field: TextInputField;
  /** The form's values as typed, by their keys. */
  text: Record<string, string>;
  /** The sweep sets this field: its input is disabled. */
  swept: boolean;
  errors: FieldErrors;
  onSet: (key: string, value: string) => void;
}

/** One load input as the run-field table describes it: its label, its box (with a unit for a size), its hint. */
export function LoadInputField({ bound, ...props }: InputProps & { bound: Bound | undefined }) {
  const { field, text, swept, errors, onSet } = props;
  const { key, input, sweepDimension } = field;
  const box = <LoadInputBox {...props} />;
  return (
    <div className="field">
      <label htmlFor={input.id}>{input.label}</label>
      {input.input === "size" ? (
        <div className="input-group">
          {box}
          <select
            className="input"
            aria-label={`${input.name} unit`}
            value={text[input.unitKey]}
            disabled={swept}
            onChange={(e) => onSet(input.unitKey, e.target.value)}
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
        field={key as FormField}
        bound={bound}
        errors={errors}
        note={swept ? sweptHint(sweepDimension as SweepDimension) : input.hint}
      />
    </div>
  );
}

/** The box the value is typed (or chosen) in. */
function LoadInputBox({ field: { key, input }, text, swept, errors, onSet }: InputProps) {
  const formField = key as FormField;
  return input.input === "choice" ? (
    <select
      id={input.id}
      className="input"
      value={text[input.key]}
      onChange={(e) => onSet(input.key, e.target.value)}
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
      disabled={swept}
      onChange={(e) => onSet(input.key, e.target.value)}
      {...fieldProps(formField, errors)}
    />
  );
}
