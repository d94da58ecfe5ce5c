import type { Bound } from "@relix/core/runner-api/reference";
import type { FieldErrors, FormField } from "./spec-form";

// Each input's own check, text as typed -> a number in the spec's units, or the message to show
// beside the input; the runner checks again and is the source of truth.

export const PAYLOAD_UNITS = { B: 1, KiB: 1024, MiB: 1024 * 1024 } as const;
export type PayloadUnit = keyof typeof PAYLOAD_UNITS;

/** The largest unit that shows the size as a whole number. */
export function bestUnit(bytes: number): PayloadUnit {
  if (bytes >= PAYLOAD_UNITS.MiB && bytes % PAYLOAD_UNITS.MiB === 0) return "MiB";
  if (bytes >= PAYLOAD_UNITS.KiB && bytes % PAYLOAD_UNITS.KiB === 0) return "KiB";
  return "B";
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

export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "" || !/^[0-9]*\.?[0-9]+$/.test(trimmed)) return null;
  return Number(trimmed);
}

export function checkInt(
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

export function checkMs(
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

export function checkBytes(
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
