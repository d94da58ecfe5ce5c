// The shape of one entry of the run-field table (run-fields.ts): a spec field with everything each
// surface needs to accept it: its schema (the runner's and every other check), its flags on
// `pnpm bench` and how their text becomes the value, the sweep dimension it stands for, and its
// input on the web's "New run" form. A surface reads these; none lists the fields again.
import type { z } from "zod";
import type { Placement } from "../network/placements";
import type { Sweep, SweepDimension } from "../sweep/sweep-spec";

/** One flag of `pnpm bench`: its name, the placeholder and an example of its value, its help line. */
export interface FieldFlag {
  name: string;
  /** Placeholder shown in help: N, LIST, DURATION... */
  value: string;
  /** A valid value, for "needs a value" errors. */
  example: string;
  help: string;
  /** What applies when the flag is absent, where that is not the preset's value (see FieldCli.show). */
  default?: string;
  /** Given once per value (--sweep a --sweep b). */
  multiple?: boolean;
}

/** The texts given on the command line, by flag name. */
export interface FlagTexts {
  one(flag: string): string | undefined;
  all(flag: string): readonly string[];
}

/** What a field's flags are read against: the spec of the preset they are laid over. */
export interface FlagContext {
  preset: { network: readonly Placement[]; sweep?: Sweep };
}

export interface FieldCli<V> {
  /** The field's flags; the first is its own, the others (if any) describe parts of its value. */
  flags: readonly [FieldFlag, ...FieldFlag[]];
  /**
   * The field from its flags' texts: undefined when none was given (the preset's value stands), null
   * to drop the preset's value. Throws FlagValueError naming the flag, the text and what is allowed.
   */
  read(texts: FlagTexts, context: FlagContext): V | null | undefined;
  /** How a preset's value reads beside the first flag's help, "(quick: 8)"; absent: its `default`. */
  show?(value: V): string;
}

/** What the form's text inputs have in common. */
interface FormInputBase {
  /** The key of the form's values the input holds, as typed. */
  key: string;
  /** The input's element id (its label points at it). */
  id: string;
  /** The input's label. */
  label: string;
  /** How the field is named in the form's messages: "Connections: must be between 1–256". */
  name: string;
  /** The line under the input, after its bounds. */
  hint?: string;
  placeholder?: string;
  /** Empty is allowed and leaves the field out (the spec's own default applies). */
  optional?: boolean;
}

export type PayloadUnit = "B" | "KiB" | "MiB";

/**
 * How the form takes a field. Text inputs hold the text as typed: a whole number (`count`), a
 * duration typed in seconds for a field in ms (`seconds`), a byte size with a unit picker (`size`),
 * one of a few names (`choice`). `shown` is not chosen in the form (the runner's default is shown);
 * `section` has a component of its own (workloads, placements, stacks, the sweep).
 */
export type FormInput =
  | (FormInputBase & { input: "count"; unit?: string })
  | (FormInputBase & { input: "seconds" })
  | (FormInputBase & { input: "size"; unitKey: string; emptyUnit?: PayloadUnit })
  | (FormInputBase & { input: "choice"; choices: readonly string[] })
  | { input: "shown"; id: string; label: string; text: string; hint: string }
  | { input: "section"; unit?: string };

export type TextFormInput = Extract<FormInput, { key: string }>;

export interface RunField<
  K extends string = string,
  S extends z.ZodType = z.ZodType,
  F extends FormInput | undefined = FormInput | undefined,
> {
  /** The spec field. */
  key: K;
  /** Its schema: type, bounds and default; runSpecSchema is made of these. */
  schema: S;
  /** Its flags on `pnpm bench`; absent: only a preset sets it. */
  cli?: FieldCli<z.output<S>>;
  /** The sweep dimension whose axis sets this field at every point. */
  sweepDimension?: SweepDimension;
  /** Its input on the "New run" form; absent: the form leaves it to the preset. */
  form?: F;
  /** A field without an input of its own: the input beside which its errors are shown. */
  formErrorsOn?: string;
}

/** A table entry with its key, schema and form kept literal, so the spec's and the form's types follow it. */
export function defineRunField<
  const K extends string,
  S extends z.ZodType,
  const F extends FormInput | undefined = undefined,
>(field: RunField<K, S, F>): RunField<K, S, F> {
  return field;
}

/** A table of run fields: runFields, or a copy with more (a test's, or a field on its way in). */
export type RunFieldTable = readonly RunField[];
