import type { Placement } from "@relix/core/network/placements";
import type { CacheMode } from "@relix/core/calls/cache-mode";
import { estimateMeasuringMs } from "@relix/core/presets/measuring-time";
import type { RunFieldTable } from "@relix/core/run-request/run-field";
import { runFields, sweepDimensionFieldsOf } from "@relix/core/run-request/run-fields";
import type { SpecDefaults } from "@relix/core/runner-api/reference";
import type { StackPair } from "@relix/core/stacks/stack-pair";
import { stacksWithPair } from "@relix/core/stacks/stack-list";
import type { StackId } from "@relix/core/stacks/stacks";
import { sweepSchema } from "@relix/core/sweep/sweep-spec";
import { describeBound, PAYLOAD_UNITS, type PayloadUnit } from "./field-checks";
import {
  errorInputOf,
  FORM_FIELDS,
  type Bound,
  type Bounds,
  type FieldErrors,
  type FormField,
  type TextFields,
  type TextValues,
} from "./form-fields";
import {
  networkFieldOfPath,
  networkValuesFrom,
  sameNetwork,
  validateNetwork,
  type NetworkValues,
} from "./network-form";
import { pairFrom, samePair, sameStacks, stacksFrom } from "./stack-form";
import { sweepValuesFrom, validateSweep, type SweepFields, type SweepFormValues } from "./sweep-form";
import { changedTextFields, checkTextInputs, textFieldsFrom, textValuesFrom } from "./text-inputs";

// The new-run form's rules, kept out of the component so they can be tested: form values <->
// spec fields, the runner's bounds enforced before submit (the runner checks again and is the
// source of truth), and the runner's field errors mapped back onto the inputs. Which fields have
// an input, and of which kind, is the run-field table's to say (form-fields.ts); the fields with a
// section of their own (workloads, cache modes, placements, stacks, the sweep) are read here.
// Every function takes the table, so a field added to it is in the form without a line here.

export { FORM_FIELDS, PAYLOAD_UNITS, describeBound };
export type { Bound, Bounds, FieldErrors, FormField, PayloadUnit };

/** What the inputs hold: text as typed, so a half-typed number is not lost or "corrected". */
export type FormValues = TextValues &
  NetworkValues & {
    workloads: string[];
    cacheModes: string[];
    /** Always with the pair's two. */
    stacks: StackId[];
    /** The REST stack and the gRPC stack every cell's verdict compares. */
    pair: StackPair;
    sweep: SweepFormValues;
  };

/** The spec fields this form sets (a subset of RunSpec; the runner fills the rest from defaults). */
export type SpecFields = TextFields & {
  workloads: string[];
  cacheModes: string[];
  /** Placements every cell is measured under. */
  network: Placement[];
  /** Stacks every cell is measured through, the pair's two always among them. */
  stacks: StackId[];
  /** The pair every cell's verdict compares (the spec's, or the default for its stacks). */
  pair: StackPair;
  /** One or two swept axes instead of one point. */
  sweep?: SweepFields;
};

/** A spec as the runner gives it: a preset's full spec, or the defaults (no workloads). */
export type FormSpec = SpecDefaults & { workloads?: readonly string[] };

/** Spec (a preset's, or the runner's defaults) -> form fields. */
export function specFieldsFrom(spec: FormSpec, fields: RunFieldTable = runFields): SpecFields {
  // A runner from before placements, stacks or sweeps sends none of them.
  const older = spec as { network?: Placement[]; stacks?: readonly string[]; pair?: StackPair; sweep?: SweepFields };
  const out = {
    ...textFieldsFrom(spec, fields),
    workloads: [...(spec.workloads ?? [])],
    cacheModes: [...spec.cacheModes],
    // Everything was loopback.
    network: [...(older.network ?? ["loopback"])],
    // It measured express and grpc-js, and compared them.
    stacks: stacksWithPair(stacksFrom(older.stacks), pairFrom(older)),
    pair: pairFrom(older),
  } as SpecFields;
  if (older.sweep) out.sweep = { axes: older.sweep.axes };
  return out;
}

export function valuesFrom(specFields: SpecFields, fields: RunFieldTable = runFields): FormValues {
  return {
    ...textValuesFrom(specFields, fields),
    workloads: [...specFields.workloads],
    cacheModes: [...specFields.cacheModes],
    stacks: stacksWithPair(stacksFrom(specFields.stacks), specFields.pair),
    pair: { ...specFields.pair },
    sweep: sweepValuesFrom(specFields.sweep),
    ...networkValuesFrom(specFields.network),
  } as FormValues;
}

export interface FormContext {
  bounds: Bounds;
  workloadIds: readonly string[];
  cacheModes: readonly string[];
}

/** Form values -> spec fields and the errors to show; submit only when errors is empty. */
export function validateForm(
  values: FormValues,
  context: FormContext,
  fields: RunFieldTable = runFields,
): { fields: SpecFields; errors: FieldErrors } {
  const { bounds } = context;
  const errors: FieldErrors = {};

  const known = new Set(context.workloadIds);
  const workloads = values.workloads.filter((w, i) => values.workloads.indexOf(w) === i);
  const unknown = workloads.filter((w) => !known.has(w));
  const wb = bounds.workloads;
  if (unknown.length > 0) errors.workloads = `Unknown workload: ${unknown.join(", ")}`;
  else if (workloads.length === 0) errors.workloads = "Choose at least one workload";
  else if (wb && workloads.length > wb.max) errors.workloads = `At most ${wb.max} workloads in one run`;

  const modes = values.cacheModes.filter((m, i) => values.cacheModes.indexOf(m) === i);
  if (modes.length === 0) errors.cacheModes = "Choose at least one cache mode";
  else if (modes.some((m) => !context.cacheModes.includes(m))) errors.cacheModes = "Unknown cache mode";

  const text = checkTextInputs(values, bounds, errors, fields);
  const placements = validateNetwork(values);
  Object.assign(errors, placements.errors);

  const spec = {
    ...text,
    workloads,
    cacheModes: modes,
    network: placements.network,
    stacks: stacksWithPair(stacksFrom(values.stacks), values.pair),
    pair: { ...values.pair },
  } as SpecFields;
  const sweep = validateSweep(values.sweep);
  if (sweep.error) errors.sweep = sweep.error;
  if (sweep.sweep) spec.sweep = sweep.sweep;
  return { fields: spec, errors };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The fields as a request sends them: without those an axis of the sweep sets at every point (the
 * runner refuses a field beside an axis of its own dimension, since one of them would be ignored).
 */
export function requestFieldsOf(specFields: SpecFields, fields: RunFieldTable = runFields): Partial<SpecFields> {
  return withoutSweptFields(specFields, specFields, fields);
}

/** `sent` without the fields an axis of `specFields`'s sweep sets at every point: what an axis sets is the axis's to say. */
function withoutSweptFields<T extends object>(sent: T, specFields: SpecFields, fields: RunFieldTable): Partial<T> {
  const fieldOf = sweepDimensionFieldsOf(fields);
  const swept = new Set(specFields.sweep?.axes.map((a) => fieldOf[a.dimension]) ?? []);
  return Object.fromEntries(Object.entries(sent).filter(([key]) => !swept.has(key))) as Partial<T>;
}

/** What the form sends over a preset: a sweep cleared where the preset had one is sent as null. */
export type SpecOverrides = Partial<Omit<SpecFields, "sweep">> & { sweep?: SweepFields | null };

/**
 * Only what differs from the preset, so the runner still applies the preset (and its published
 * figures). An absent field keeps the preset's value, so a sweep the user cleared is sent as null.
 */
export function overridesOf(
  specFields: SpecFields,
  base: SpecFields,
  fields: RunFieldTable = runFields,
): SpecOverrides {
  const out: SpecOverrides = changedTextFields(specFields, base, fields);
  if (!sameList(specFields.workloads, base.workloads)) out.workloads = specFields.workloads;
  if (!sameList(specFields.cacheModes, base.cacheModes)) out.cacheModes = specFields.cacheModes;
  if (!sameNetwork(specFields.network, base.network)) out.network = specFields.network;
  if (!sameStacks(specFields.stacks, base.stacks)) out.stacks = specFields.stacks;
  if (!samePair(specFields.pair, base.pair)) out.pair = specFields.pair;
  if (specFields.sweep && JSON.stringify(specFields.sweep) !== JSON.stringify(base.sweep)) out.sweep = specFields.sweep;
  if (!specFields.sweep && base.sweep) out.sweep = null;
  return withoutSweptFields(out, specFields, fields);
}

/** The runner's error path ("spec.connections", "workloads.2", ["spec","durationMs"]) -> the input to mark. */
export function fieldOfPath(path: string, fields: RunFieldTable = runFields): FormField | null {
  const parts = path.split(".").filter((p) => p !== "spec" && p !== "");
  const first = parts[0];
  if (first === undefined) return null;
  if (first === "network") return networkFieldOfPath(parts);
  return errorInputOf(first, fields) as FormField | null;
}

/**
 * What the run will take, warm-ups and windows (before services start): the estimate the runner
 * and `pnpm bench` refuse a run with (@relix/core's measuring-time.ts), so a swept run counts
 * every grid point and the worst case of the crossover search's budget.
 */
export function estimateRunMs(specFields: SpecFields): number {
  const sweep = specFields.sweep ? sweepSchema.parse(specFields.sweep) : undefined;
  // The form has checked the cache modes against the runner's list.
  const cacheModes = specFields.cacheModes as CacheMode[];
  // The form's windows end by time, so the estimate is always known.
  return estimateMeasuringMs({ ...specFields, cacheModes, sweep }) ?? 0;
}
