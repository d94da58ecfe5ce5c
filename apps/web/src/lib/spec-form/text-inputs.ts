import type { RunFieldTable } from "@relix/core/run-request/run-field";
import { bestUnit, checkBytes, checkInt, checkMs, parseNumber, PAYLOAD_UNITS, type PayloadUnit } from "./field-checks";
import { fieldDefault, textInputsOf, type Bounds } from "./form-fields";

// The form's text inputs, each as its table entry says: spec value -> text as shown, text as typed
// -> spec value or the message to show. One rule per kind of input, none per field.

type ByKey = Record<string, unknown>;

/** The form's values or spec fields, read by key. */
const byKey = (values: object) => values as ByKey;

/** A spec's scalar fields the form sets: its value, else the field's default; an optional field stays absent. */
export function textFieldsFrom(spec: object, fields: RunFieldTable): ByKey {
  const out: ByKey = {};
  for (const { key, schema } of textInputsOf(fields)) {
    const value = byKey(spec)[key] ?? fieldDefault({ schema });
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Spec values -> the inputs' text (and each size's unit). */
export function textValuesFrom(specFields: object, fields: RunFieldTable): ByKey {
  const out: ByKey = {};
  for (const { key, input } of textInputsOf(fields)) {
    const value = byKey(specFields)[key] as number | string | undefined;
    switch (input.input) {
      case "seconds":
        out[input.key] = value === undefined ? "" : String((value as number) / 1000);
        break;
      case "size": {
        const unit = value === undefined ? (input.emptyUnit ?? "B") : bestUnit(value as number);
        out[input.key] = value === undefined ? "" : String((value as number) / PAYLOAD_UNITS[unit]);
        out[input.unitKey] = unit;
        break;
      }
      default:
        out[input.key] = value === undefined ? "" : String(value);
    }
  }
  return out;
}

/** The inputs' text -> spec values, each bad one's message written into `errors` under its field. */
export function checkTextInputs(
  values: object,
  bounds: Bounds,
  errors: Partial<Record<string, string>>,
  fields: RunFieldTable,
): ByKey {
  const out: ByKey = {};
  for (const field of textInputsOf(fields)) {
    const { key, input } = field;
    const typed = byKey(values)[input.key];
    const text = typeof typed === "string" ? typed : "";
    if (input.optional && text.trim() === "") continue;
    const bound = bounds[key];
    switch (input.input) {
      case "count":
        out[key] = checkInt(key, parseNumber(text), bound, input.name, errors, fields);
        break;
      case "seconds":
        out[key] = checkMs(key, text, bound, input.name, errors, fields);
        break;
      case "size":
        out[key] = checkBytes(
          key,
          text,
          byKey(values)[input.unitKey] as PayloadUnit,
          bound,
          input.name,
          errors,
          fields,
        );
        break;
      case "choice": {
        const choice = input.choices.find((c) => c === text);
        if (choice === undefined) errors[key] = `${input.name}: choose ${input.choices.join(" or ")}`;
        out[key] = choice ?? fieldDefault(field);
        break;
      }
    }
  }
  return out;
}

/** The scalar fields that differ from `base`: what the form sends over a preset. */
export function changedTextFields(specFields: object, base: object, fields: RunFieldTable): ByKey {
  const out: ByKey = {};
  for (const { key } of textInputsOf(fields)) {
    const value = byKey(specFields)[key];
    if (value !== byKey(base)[key]) out[key] = value;
  }
  return out;
}
