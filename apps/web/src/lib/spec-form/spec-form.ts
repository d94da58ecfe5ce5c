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
import { sweepValuesFrom, validateSweep, type SweepFields, type SweepFormValues } from "./sweep-form";

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

export const PAYLOAD_UNITS = { B: 1, KiB: 1024, MiB: 1024 * 1024 } as const;
export type PayloadUnit = keyof typeof PAYLOAD_UNITS;

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

function bestUnit(bytes: number): PayloadUnit {
  if (bytes >= PAYLOAD_UNITS.MiB && bytes % PAYLOAD_UNITS.MiB === 0) return "MiB";
  if (bytes >= PAYLOAD_UNITS.KiB && bytes % PAYLOAD_UNITS.KiB === 0) return "KiB";
  return "B";
}

export function valuesFrom(fields: SpecFields): FormValues {
  const unit = bestUnit(fields.payloadBytes);
  const echoUnit = fields.echoBytes === undefined ? "B" : bestUnit(fields.echoBytes);
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

/** How a bound reads in the form's own units. */
export function describeBound(field: FormField, bound: Bound | undefined): string {
  if (!bound) return "";
  switch (field) {
    case "durationMs":
    case "warmupMs":
      return `${bound.min / 1000}–${bound.max / 1000} s`;
    case "payloadBytes":
    case "echoBytes":
      return `${formatBytesShort(bound.min)}–${formatBytesShort(bound.max)}`;
    case "workloads":
      return `${bound.min}–${bound.max} workloads`;
    case "rate":
      return `${bound.min.toLocaleString("en-US")}–${bound.max.toLocaleString("en-US")} req/s`;
    default:
      return `${bound.min.toLocaleString("en-US")}–${bound.max.toLocaleString("en-US")}`;
  }
}

function formatBytesShort(bytes: number): string {
  const unit = bestUnit(bytes);
  return `${bytes / PAYLOAD_UNITS[unit]} ${unit}`;
}

function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "" || !/^[0-9]*\.?[0-9]+$/.test(trimmed)) return null;
  return Number(trimmed);
}

function checkInt(
  field: FormField,
  value: number | null,
  bound: Bound | undefined,
  label: string,
  errors: FieldErrors,
): number {
  if (value === null) {
    errors[field] = `${label}: enter a number`;
    return 0;
  }
  if (!Number.isInteger(value)) {
    errors[field] = `${label}: must be a whole number`;
    return value;
  }
  if (bound && (value < bound.min || value > bound.max)) {
    errors[field] = `${label}: must be between ${describeBound(field, bound)}`;
  }
  return value;
}

function checkMs(
  field: "durationMs" | "warmupMs",
  text: string,
  bound: Bound | undefined,
  label: string,
  errors: FieldErrors,
): number {
  const seconds = parseNumber(text);
  if (seconds === null) {
    errors[field] = `${label}: enter a number of seconds`;
    return 0;
  }
  const ms = Math.round(seconds * 1000);
  if (bound && (ms < bound.min || ms > bound.max))
    errors[field] = `${label}: must be between ${describeBound(field, bound)}`;
  return ms;
}

function checkBytes(
  field: "payloadBytes" | "echoBytes",
  text: string,
  unit: PayloadUnit,
  bound: Bound | undefined,
  label: string,
  errors: FieldErrors,
): number {
  const size = parseNumber(text);
  if (size === null) {
    errors[field] = `${label}: enter a number`;
    return 0;
  }
  const bytes = Math.round(size * PAYLOAD_UNITS[unit]);
  if (bound && (bytes < bound.min || bytes > bound.max))
    errors[field] = `${label}: must be between ${describeBound(field, bound)}`;
  return bytes;
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
  return out;
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
