// Every field of a run spec, once, in the order the spec lists them. runSpecSchema is made of
// their schemas; `pnpm bench` reads its flags and --help from them; the web's "New run" form its
// inputs, values and hints. A new field is one entry here (and its use in the engine).
import { z } from "zod";
import type { SweepDimension } from "../sweep/sweep-spec";
import { echoBytesField, dotLengthField, keyCountField, payloadBytesField, recordsField } from "./knob-fields";
import { serverDelayField, streamMessagesField } from "./knob-fields";
import { cacheModesField, stacksField, workloadsField } from "./list-fields";
import {
  clientsField,
  connectionsField,
  durationField,
  grpcConnectionsField,
  pinCoresField,
  rateField,
  requestsField,
  restConnectionField,
  trialsField,
  warmupField,
  workloadLoadsField,
} from "./load-fields";
import { emulatorField } from "./emulator-field";
import { marginField } from "./margin-field";
import { networkField } from "./network-field";
import { pairField } from "./pair-field";
import type { RunFieldTable } from "./run-field";

export type { RunFieldTable };
import { sweepField } from "./sweep-field";

export const runFields = [
  workloadsField,
  cacheModesField,
  networkField,
  emulatorField,
  stacksField,
  pairField,
  connectionsField,
  grpcConnectionsField,
  restConnectionField,
  clientsField,
  durationField,
  requestsField,
  warmupField,
  rateField,
  workloadLoadsField,
  trialsField,
  marginField,
  payloadBytesField,
  streamMessagesField,
  recordsField,
  echoBytesField,
  dotLengthField,
  keyCountField,
  serverDelayField,
  pinCoresField,
  sweepField,
] as const;

/** The zod shape of a table's fields, keyed by field, each with its schema's own type. */
export type RunFieldShape<T extends RunFieldTable> = { [F in T[number] as F["key"]]: F["schema"] };

export function runFieldShape<T extends RunFieldTable>(fields: T): RunFieldShape<T> {
  return Object.fromEntries(fields.map((field) => [field.key, field.schema])) as RunFieldShape<T>;
}

/**
 * The spec schema of a table: its fields and the preset's name, nothing else (a spec never names a
 * URL, a host or a port: the runner only sends load to the services it was configured with).
 */
export function runSpecSchemaOf<T extends RunFieldTable>(fields: T) {
  return z.object({ preset: z.string().max(40).optional(), ...runFieldShape(fields) }).strict();
}

/** The field an axis of each dimension sets at every point, from the table's `sweepDimension`s. */
export function sweepDimensionFieldsOf(fields: RunFieldTable): Partial<Record<SweepDimension, string>> {
  return Object.fromEntries(fields.flatMap((f) => (f.sweepDimension ? [[f.sweepDimension, f.key]] : [])));
}
