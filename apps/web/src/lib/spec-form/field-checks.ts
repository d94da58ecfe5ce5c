import type { Bound } from "@relix/core/runner-api/reference";
import type { RunFieldTable } from "@relix/core/run-request/run-field";
import { runFields } from "@relix/core/run-request/run-fields";
import type { PayloadUnit } from "./form-fields";

// Each input's own check, text as typed -> a number in the spec's units, or the message to show
// beside the input; the runner checks again and is the source of truth.

export const PAYLOAD_UNITS = { B: 1, KiB: 1024, MiB: 1024 * 1024 } as const satisfies Record<PayloadUnit, number>;
export type { PayloadUnit };

/** Where a check writes its message: the form's errors, by field. */
type Errors = Partial<Record<string, string>>;

/** The largest unit that shows the size as a whole number. */
export function bestUnit(bytes: number): PayloadUnit {
  if (bytes >= PAYLOAD_UNITS.MiB && bytes % PAYLOAD_UNITS.MiB === 0) return "MiB";
  if (bytes >= PAYLOAD_UNITS.KiB && bytes % PAYLOAD_UNITS.KiB === 0) return "KiB";
  return "B";
}

/** How a field's bound reads in the form's own units, by the kind of its input in the table. */
export function describeBound(field: string, bound: Bound | undefined, fields: RunFieldTable = runFields): string {
  if (!bound) return "";
  const form = fields.find((f) => f.key === field)?.form;
  switch (form?.input) {
    case "seconds":
      return `${bound.min / 1000}–${bound.max / 1000} s`;
    case "size":
      return `${formatBytesShort(bound.min)}–${formatBytesShort(bound.max)}`;
    default: {
      const unit = form && "unit" in form && form.unit ? ` ${form.unit}` : "";
      return `${bound.min.toLocaleString("en-US")}–${bound.max.toLocaleString("en-US")}${unit}`;
    }
  }
}

function formatBytesShort(bytes: number): string {
  const unit = bestUnit(bytes);
  return `${bytes / PAYLOAD_UNITS[unit]} ${unit}`;
}

export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "" || !/^[0-9]*\.?[0-9]+$/.test(trimmed)) return null;
  return Number(trimmed);
}

export function checkInt(
  field: string,
  value: number | null,
  bound: Bound | undefined,
  label: string,
  errors: Errors,
  fields?: RunFieldTable,
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
    errors[field] = `${label}: must be between ${describeBound(field, bound, fields)}`;
  }
  return value;
}

export function checkMs(
  field: string,
  text: string,
  bound: Bound | undefined,
  label: string,
  errors: Errors,
  fields?: RunFieldTable,
): number {
  const seconds = parseNumber(text);
  if (seconds === null) {
    errors[field] = `${label}: enter a number of seconds`;
    return 0;
  }
  const ms = Math.round(seconds * 1000);
  if (bound && (ms < bound.min || ms > bound.max))
    errors[field] = `${label}: must be between ${describeBound(field, bound, fields)}`;
  return ms;
}

export function checkBytes(
  field: string,
  text: string,
  unit: PayloadUnit,
  bound: Bound | undefined,
  label: string,
  errors: Errors,
  fields?: RunFieldTable,
): number {
  const size = parseNumber(text);
  if (size === null) {
    errors[field] = `${label}: enter a number`;
    return 0;
  }
  const bytes = Math.round(size * PAYLOAD_UNITS[unit]);
  if (bound && (bytes < bound.min || bytes > bound.max))
    errors[field] = `${label}: must be between ${describeBound(field, bound, fields)}`;
  return bytes;
}
