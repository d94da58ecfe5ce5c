import type { Bound } from "@relix/core/runner-api/reference";
import type { PayloadUnit, RunFieldTable, TextFormInput } from "@relix/core/run-request/run-field";
import { runFields } from "@relix/core/run-request/run-fields";
import type { RunSpec } from "@relix/core/spec/run-spec";
import { NETWORK_FIELDS, type NetworkField } from "./network-form";

// What the "New run" form takes of each spec field, read from the run-field table
// (@relix/core/run-request): which fields have an input, of which kind, under which label and
// hint. Nothing here lists the fields again: a field with a `form` entry in the table is in the form.

type TableField = (typeof runFields)[number];

/** A table entry's text input (count, seconds, size, choice), never for the others. */
type TextInputOf<F> = F extends { form?: infer I } ? Extract<I, TextFormInput> : never;
/** The spec field of an entry with a text input. */
type TextFieldKeyOf<F> = F extends { key: infer K } ? ([TextInputOf<F>] extends [never] ? never : K) : never;
/** The spec field of an entry with an input of any kind but "shown" (which the form does not set). */
type InputFieldKeyOf<F> = F extends { key: infer K; form?: infer I }
  ? [Exclude<I, undefined | { input: "shown" }>] extends [never]
    ? never
    : K
  : never;

export type TextInput = TextInputOf<TableField>;
/** Spec fields the form takes as typed text: connections, durationMs, payloadBytes... */
export type TextFieldKey = TextFieldKeyOf<TableField>;

/** The text inputs' values, as typed, under their own keys (durationSeconds, payloadSize...), and each size's unit. */
export type TextValues = { [I in TextInput as I["key"]]: string } & {
  [I in Extract<TextInput, { input: "size" }> as I["unitKey"]]: PayloadUnit;
};

/** The spec's scalar fields the form sets, with the spec's own types (optional where the spec's are). */
export type TextFields = Pick<RunSpec, TextFieldKey>;

/** Every input that can be marked with an error: a table field with an input, and the custom placement's figures. */
export type FormField = InputFieldKeyOf<TableField> | NetworkField;
export type FieldErrors = Partial<Record<FormField, string>>;

export type { Bound, PayloadUnit };
export type Bounds = Record<string, Bound | undefined>;

/** A table entry and its text input. */
export interface TextInputField {
  key: string;
  input: TextFormInput;
  sweepDimension?: string;
  schema: RunFieldTable[number]["schema"];
}

/** The table's fields with a text input, in the table's order. */
export function textInputsOf(fields: RunFieldTable): TextInputField[] {
  return fields.flatMap((f) =>
    f.form && "key" in f.form
      ? [
          {
            key: f.key,
            input: f.form,
            schema: f.schema,
            ...(f.sweepDimension ? { sweepDimension: f.sweepDimension } : {}),
          },
        ]
      : [],
  );
}

/** Every input the form marks, for a table: its fields with an input, and the custom placement's figures. */
export function formFieldsOf(fields: RunFieldTable): string[] {
  const own = fields.filter((f) => f.form !== undefined && f.form.input !== "shown").map((f) => f.key);
  return [...own, ...NETWORK_FIELDS.filter((f) => !own.includes(f))];
}

export const FORM_FIELDS = formFieldsOf(runFields) as readonly FormField[];

/** What a spec holds when it does not say: the schema's default (undefined for an optional field). */
export function fieldDefault(field: { schema: RunFieldTable[number]["schema"] }): unknown {
  const parsed = field.schema.safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
}

/** The input whose place a field's errors are shown in: its own, or the one the table names. */
export function errorInputOf(key: string, fields: RunFieldTable): string | null {
  const field = fields.find((f) => f.key === key);
  if (!field) return null;
  if (field.formErrorsOn) return field.formErrorsOn;
  return field.form && field.form.input !== "shown" ? field.key : null;
}
