// Flag values -> numbers, each failure a one-line message naming the flag, the value and what is
// allowed. Bounds come from specBounds, the same ones the spec schema and the UI enforce.
import { formatDuration } from "@relix/core/render/format";
import { UsageError } from "./usage-error";

export interface Bound {
  min: number;
  max: number;
}

const MIB = 1024 * 1024;

function fail(flag: string, raw: string, problem: string): never {
  throw new UsageError(`--${flag} ${JSON.stringify(raw)}: ${problem}`);
}

function checkBound(flag: string, raw: string, value: number, bound: Bound, show: (n: number) => string): number {
  if (value < bound.min || value > bound.max) fail(flag, raw, `must be from ${show(bound.min)} to ${show(bound.max)}`);
  return value;
}

export function parseCount(flag: string, raw: string, bound: Bound): number {
  if (!/^\d+$/.test(raw.trim())) fail(flag, raw, `must be a whole number from ${bound.min} to ${bound.max}`);
  return checkBound(flag, raw, Number(raw.trim()), bound, String);
}

const DURATION_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };

/**
 * "500ms", "10s", "2m", "1.5s"; a bare number is in `bareUnit` (seconds for windows, ms for the
 * server delay, whose natural unit is ms). The result must be whole milliseconds.
 */
export function parseDurationMs(flag: string, raw: string, bound: Bound, bareUnit: "s" | "ms" = "s"): number {
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m)?$/i.exec(raw.trim());
  const forms = bareUnit === "s" ? "500ms, 10s, 2m or a number of seconds" : "10ms, 0.5s or a number of milliseconds";
  if (!match) fail(flag, raw, `not a duration; use ${forms}`);
  const ms = Number(match[1]) * DURATION_MS[(match[2] ?? bareUnit).toLowerCase()]!;
  // 1.0005s is a typo more often than an intent; a silent rounding would hide it.
  if (!Number.isInteger(Math.round(ms * 1e6) / 1e6)) fail(flag, raw, "must be a whole number of milliseconds");
  return checkBound(flag, raw, Math.round(ms), bound, formatDuration);
}

const SIZE_BYTES: Record<string, number> = { b: 1, kb: 1000, kib: 1024, mb: 1000 * 1000, mib: MIB };

export function formatSize(bytes: number): string {
  if (bytes % MIB === 0) return `${bytes / MIB}MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024}KiB`;
  return `${bytes}B`;
}

/** "1MiB", "512KiB", "100KB", "1.5MB", "4096"; a bare number is bytes. */
export function parseByteSize(flag: string, raw: string, bound: Bound): number {
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*(b|kb|kib|mb|mib)?$/i.exec(raw.trim());
  if (!match) fail(flag, raw, "not a size; use a number of bytes with B, KB, KiB, MB or MiB (e.g. 1MiB)");
  const bytes = Number(match[1]) * SIZE_BYTES[(match[2] ?? "b").toLowerCase()]!;
  if (!Number.isInteger(Math.round(bytes * 1e6) / 1e6)) fail(flag, raw, "must be a whole number of bytes");
  return checkBound(flag, raw, Math.round(bytes), bound, formatSize);
}

/** "a,b" -> ["a", "b"]; empty items and repeats are mistakes worth saying so. */
export function parseList(flag: string, raw: string): string[] {
  const items = raw.split(",").map((item) => item.trim());
  if (items.some((item) => item === "")) fail(flag, raw, "empty item in the comma-separated list");
  return [...new Set(items)];
}
