// Flag text -> a value, each failure one line naming the flag, the text and what is allowed. These
// are the syntaxes `pnpm bench` accepts ("10s", "1MiB", "a,b"); bounds come from the field table,
// the same ones the spec schema and the form enforce.
import { formatDuration } from "../render/format";

export interface FlagBound {
  min: number;
  max: number;
}

/** A flag's text that cannot become its field's value; the message is the whole one-line answer. */
export class FlagValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FlagValueError";
  }
}

const MIB = 1024 * 1024;

function fail(flag: string, raw: string, problem: string): never {
  throw new FlagValueError(`--${flag} ${JSON.stringify(raw)}: ${problem}`);
}

function checkBound(flag: string, raw: string, value: number, bound: FlagBound, show: (n: number) => string): number {
  if (value < bound.min || value > bound.max) fail(flag, raw, `must be from ${show(bound.min)} to ${show(bound.max)}`);
  return value;
}

export function parseCount(flag: string, raw: string, bound: FlagBound): number {
  if (!/^\d+$/.test(raw.trim())) fail(flag, raw, `must be a whole number from ${bound.min} to ${bound.max}`);
  return checkBound(flag, raw, Number(raw.trim()), bound, String);
}

const DURATION_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };

/**
 * "500ms", "10s", "2m", "1.5s"; a bare number is in `bareUnit` (seconds for windows, ms for the
 * server delay, whose natural unit is ms). The result must be whole milliseconds.
 */
export function parseDurationMs(flag: string, raw: string, bound: FlagBound, bareUnit: "s" | "ms" = "s"): number {
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m)?$/i.exec(raw.trim());
  const forms = bareUnit === "s" ? "500ms, 10s, 2m or a number of seconds" : "10ms, 0.5s or a number of milliseconds";
  if (!match) fail(flag, raw, `not a duration; use ${forms}`);
  const ms = Number(match[1]) * DURATION_MS[(match[2] ?? bareUnit).toLowerCase()]!;
  // 1.0005s is a typo more often than an intent; a silent rounding would hide it.
  if (!Number.isInteger(Math.round(ms * 1e6) / 1e6)) fail(flag, raw, "must be a whole number of milliseconds");
  return checkBound(flag, raw, Math.round(ms), bound, formatDuration);
}

const SIZE_BYTES: Record<string, number> = { b: 1, kb: 1000, kib: 1024, mb: 1000 * 1000, mib: MIB };

/** Bytes the way a flag takes them back: 1MiB, 4KiB, 100B. */
export function formatSize(bytes: number): string {
  if (bytes % MIB === 0) return `${bytes / MIB}MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024}KiB`;
  return `${bytes}B`;
}

/** "1MiB", "512KiB", "100KB", "1.5MB", "4096"; a bare number is bytes. */
export function parseByteSize(flag: string, raw: string, bound: FlagBound): number {
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

/** One of a few names, spelled exactly. */
export function parseChoice<T extends string>(flag: string, raw: string, choices: readonly T[]): T {
  const choice = choices.find((c) => c === raw);
  if (choice === undefined) {
    const listed =
      choices.length > 2 ? `${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}` : choices.join(" or ");
    fail(flag, raw, `use ${listed}`);
  }
  return choice;
}

/** on|off -> true|false. */
export function parseOnOff(flag: string, raw: string): boolean {
  if (raw === "on" || raw === "off") return raw === "on";
  fail(flag, raw, "use on or off");
}

/** "1-256", "500ms-5m": a bound as --help prints it. */
export const rangeText = (bound: FlagBound, show: (n: number) => string = String) =>
  `${show(bound.min)}-${show(bound.max)}`;
