import type { Bound, SpecDefaults } from "@relix/core/runner-api/reference";
import type { Placement } from "@relix/core/network/placements";
import type { StackId } from "@relix/core/stacks/stacks";
import { restConnectionPolicies, type RestConnectionPolicy } from "@relix/core/spec/run-spec";
import {
  NETWORK_FIELDS,
  networkFieldOfPath,
  networkValuesFrom,
  sameNetwork,
  validateNetwork,
  type NetworkValues,
} from "./network-form";
import { sameStacks, stacksFrom } from "./stack-form";
import { sweepDimensionField } from "@relix/core/presets/preset-sweep-overrides";
import { sweepValuesFrom, validateSweep, type SweepFields, type SweepFormValues } from "./sweep-form";
import {
  bestUnit,
  checkBytes,
  checkInt,
  checkMs,
  describeBound,
  parseNumber,
  PAYLOAD_UNITS,
  type PayloadUnit,
} from "./field-checks";

// The new-run form's rules, kept out of the component so they can be tested: form values <->
// spec fields, the runner's bounds enforced before submit (the runner checks again and is the
// source of truth), and the runner's field errors mapped back onto the inputs.

export const FORM_FIELDS = [
  "workloads",
  "cacheModes",
  "connections",
  "grpcConnections",
  "restConnection",
  "durationMs",
  "warmupMs",
  "trials",
  "payloadBytes",
  "records",
  "echoBytes",
  "rate",
  ...NETWORK_FIELDS,
  "sweep",
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FieldErrors = Partial<Record<FormField, string>>;

export type { Bound };
export type Bounds = Record<string, Bound | undefined>;

export { PAYLOAD_UNITS, describeBound, type PayloadUnit };

/** What the inputs hold: text as typed, so a half-typed number is not lost or "corrected". */
export interface FormValues extends NetworkValues {
  workloads: string[];
  cacheModes: string[];
  connections: string;
  grpcConnections: string;
  /** A choice of restConnectionPolicies (kept as text, like the other inputs). */
  restConnection: string;
  durationSeconds: string;
  warmupSeconds: string;
  trials: string;
  payloadSize: string;
  payloadUnit: PayloadUnit;
  /** Records per item.list / item.stream reply. */
  records: string;
  /** Empty: echo's default message. */
  echoSize: string;
  echoUnit: PayloadUnit;
  /** Empty: closed loop. */
  rate: string;
  /** Always with express and grpc-js. */
  stacks: StackId[];
  sweep: SweepFormValues;
}

/** The spec fields this form sets (a subset of RunSpec; the runner fills the rest from defaults). */
export interface SpecFields {
  workloads: string[];
  cacheModes: string[];
  connections: number;
  grpcConnections: number;
  restConnection: RestConnectionPolicy;
  durationMs: number;
  warmupMs: number;
  trials: number;
  payloadBytes: number;
  records: number;
  /** Absent: echo's default message (study 001's ~0.5 KB). */
  echoBytes?: number;
  rate?: number;
  /** Placements every cell is measured under. */
  network: Placement[];
  /** Stacks every cell is measured through, express and grpc-js always among them. */
  stacks: StackId[];
  /** One or two swept axes instead of one point. */
  sweep?: SweepFields;
}

/** A spec as the runner gives it: a preset's full spec, or the defaults (no workloads). */
export type FormSpec = SpecDefaults & { workloads?: readonly string[] };

/** Spec (a preset's, or the runner's defaults) -> form fields. */
export function specFieldsFrom(spec: FormSpec): SpecFields {
  const fields: SpecFields = {
    workloads: [...(spec.workloads ?? [])],
    cacheModes: [...spec.cacheModes],
    connections: spec.connections,
    grpcConnections: spec.grpcConnections,
    restConnection: spec.restConnection,
    durationMs: spec.durationMs,
    warmupMs: spec.warmupMs,
    trials: spec.trials,
    payloadBytes: spec.payloadBytes,
    // A runner from before sizes were knobs sends none: item.list answered 100 records.
    records: (spec as { records?: number }).records ?? 100,
    // A runner from before placements sends none: everything was loopback.
    network: [...((spec as { network?: Placement[] }).network ?? ["loopback"])],
    // A runner from before stacks sends none: it measured express and grpc-js.
    stacks: stacksFrom((spec as { stacks?: readonly string[] }).stacks),
  };
  if (spec.rate !== undefined) fields.rate = spec.rate;
  const echoBytes = (spec as { echoBytes?: number }).echoBytes;
  if (echoBytes !== undefined) fields.echoBytes = echoBytes;
  const sweep = (spec as { sweep?: SweepFields }).sweep;
  if (sweep) fields.sweep = { axes: sweep.axes };
  return fields;
}

export function valuesFrom(fields: SpecFields): FormValues {
  const unit = bestUnit(fields.payloadBytes);
  // Empty, the box offers KiB: echo sizes worth typing are kilobytes, and "4" should not mean 4 bytes.
  const echoUnit = fields.echoBytes === undefined ? "KiB" : bestUnit(fields.echoBytes);
  return {
    workloads: [...fields.workloads],
    cacheModes: [...fields.cacheModes],
    connections: String(fields.connections),
    grpcConnections: String(fields.grpcConnections),
    restConnection: fields.restConnection,
    durationSeconds: String(fields.durationMs / 1000),
    warmupSeconds: String(fields.warmupMs / 1000),
    trials: String(fields.trials),
    payloadSize: String(fields.payloadBytes / PAYLOAD_UNITS[unit]),
    payloadUnit: unit,
    records: String(fields.records),
    echoSize: fields.echoBytes === undefined ? "" : String(fields.echoBytes / PAYLOAD_UNITS[echoUnit]),
    echoUnit,
    rate: fields.rate === undefined ? "" : String(fields.rate),
    stacks: stacksFrom(fields.stacks),
    sweep: sweepValuesFrom(fields.sweep),
    ...networkValuesFrom(fields.network),
  };
}

export interface FormContext {
  bounds: Bounds;
  workloadIds: readonly string[];
  cacheModes: readonly string[];
}

/** Form values -> spec fields and the errors to show; submit only when errors is empty. */
export function validateForm(values: FormValues, context: FormContext): { fields: SpecFields; errors: FieldErrors } {
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

  const connections = checkInt(
    "connections",
    parseNumber(values.connections),
    bounds.connections,
    "Connections",
    errors,
  );
  const grpcConnections = checkInt(
    "grpcConnections",
    parseNumber(values.grpcConnections),
    bounds.grpcConnections,
    "gRPC connections",
    errors,
  );
  const restConnection = restConnectionPolicies.find((p) => p === values.restConnection) ?? "keep-alive";
  if (restConnection !== values.restConnection) {
    errors.restConnection = `REST connections: choose ${restConnectionPolicies.join(" or ")}`;
  }
  const trials = checkInt("trials", parseNumber(values.trials), bounds.trials, "Trials", errors);
  const durationMs = checkMs("durationMs", values.durationSeconds, bounds.durationMs, "Duration", errors);
  const warmupMs = checkMs("warmupMs", values.warmupSeconds, bounds.warmupMs, "Warm-up", errors);

  const payloadBytes = checkBytes(
    "payloadBytes",
    values.payloadSize,
    values.payloadUnit,
    bounds.payloadBytes,
    "Payload size",
    errors,
  );
  const records = checkInt("records", parseNumber(values.records), bounds.records, "Records", errors);

  const placements = validateNetwork(values);
  Object.assign(errors, placements.errors);

  const fields: SpecFields = {
    workloads,
    cacheModes: modes,
    connections,
    grpcConnections,
    restConnection,
    durationMs,
    warmupMs,
    trials,
    payloadBytes,
    records,
    network: placements.network,
    stacks: stacksFrom(values.stacks),
  };
  if (values.rate.trim() !== "") fields.rate = checkInt("rate", parseNumber(values.rate), bounds.rate, "Rate", errors);
  if (values.echoSize.trim() !== "")
    fields.echoBytes = checkBytes("echoBytes", values.echoSize, values.echoUnit, bounds.echoBytes, "Echo size", errors);
  const sweep = validateSweep(values.sweep);
  if (sweep.error) errors.sweep = sweep.error;
  if (sweep.sweep) fields.sweep = sweep.sweep;
  return { fields, errors };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The fields as a request sends them: without those an axis of the sweep sets at every point (the
 * runner refuses a field beside an axis of its own dimension, since one of them would be ignored).
 */
export function requestFieldsOf(fields: SpecFields): Partial<SpecFields> {
  return withoutSweptFields(fields, fields);
}

/** `sent` without the fields an axis of `fields`'s sweep sets at every point: what an axis sets is the axis's to say. */
function withoutSweptFields<T extends object>(sent: T, fields: SpecFields): Partial<T> {
  const swept = new Set<string>(fields.sweep?.axes.map((a) => sweepDimensionField[a.dimension]) ?? []);
  return Object.fromEntries(Object.entries(sent).filter(([key]) => !swept.has(key))) as Partial<T>;
}

/** What the form sends over a preset: a sweep cleared where the preset had one is sent as null. */
export type SpecOverrides = Partial<Omit<SpecFields, "sweep">> & { sweep?: SweepFields | null };

/**
 * Only what differs from the preset, so the runner still applies the preset (and its published
 * figures). An absent field keeps the preset's value, so a sweep the user cleared is sent as null.
 */
export function overridesOf(fields: SpecFields, base: SpecFields): SpecOverrides {
  const out: SpecOverrides = {};
  if (!sameList(fields.workloads, base.workloads)) out.workloads = fields.workloads;
  if (!sameList(fields.cacheModes, base.cacheModes)) out.cacheModes = fields.cacheModes;
  if (!sameNetwork(fields.network, base.network)) out.network = fields.network;
  if (!sameStacks(fields.stacks, base.stacks)) out.stacks = fields.stacks;
  if (fields.sweep && JSON.stringify(fields.sweep) !== JSON.stringify(base.sweep)) out.sweep = fields.sweep;
  if (!fields.sweep && base.sweep) out.sweep = null;
  for (const key of [
    "connections",
    "grpcConnections",
    "restConnection",
    "durationMs",
    "warmupMs",
    "trials",
    "payloadBytes",
    "records",
    "echoBytes",
    "rate",
  ] as const) {
    if (fields[key] !== base[key]) (out as Record<string, unknown>)[key] = fields[key];
  }
  return withoutSweptFields(out, fields);
}

/** The runner's error path ("spec.connections", "workloads.2", ["spec","durationMs"]) -> the input to mark. */
export function fieldOfPath(path: string): FormField | null {
  const parts = path.split(".").filter((p) => p !== "spec" && p !== "");
  const first = parts[0];
  if (first === "requests") return "durationMs";
  if (first === "network") return networkFieldOfPath(parts);
  return first && (FORM_FIELDS as readonly string[]).includes(first) ? (first as FormField) : null;
}

export interface CatalogEntry {
  id: string;
  usesCache: boolean;
}

/** Placements x cells x stacks x trials x (warm-up + window): what the run will take, before services start. */
export function estimateRunMs(fields: SpecFields, catalog: readonly CatalogEntry[]): number {
  const byId = new Map(catalog.map((w) => [w.id, w]));
  let cells = 0;
  for (const id of fields.workloads) cells += byId.get(id)?.usesCache ? Math.max(1, fields.cacheModes.length) : 1;
  return (
    Math.max(1, fields.network.length) *
    cells *
    Math.max(2, fields.stacks.length) *
    fields.trials *
    (fields.warmupMs + fields.durationMs)
  );
}
