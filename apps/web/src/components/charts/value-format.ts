import { formatBytes, formatCount, formatMs, formatPercent, formatRatio } from "@/lib/format";

// Charts run in the browser; the server picks a formatter by name (functions cannot cross from a
// server component to a client one).
export type ValueFormat = "ms" | "bytes" | "rps" | "cpuMs" | "ratio" | "percent" | "count";

export function formatValue(format: ValueFormat, value: unknown): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "–";
  switch (format) {
    case "ms":
      return formatMs(value);
    case "bytes":
      return formatBytes(value);
    case "rps":
      return `${formatCount(value, value < 100 ? 1 : 0)} req/s`;
    case "cpuMs":
      return `${formatCount(value, value < 10 ? 2 : 0)} ms`;
    case "ratio":
      return formatRatio(value);
    case "percent":
      return formatPercent(value, 1);
    case "count":
      return formatCount(value);
  }
}

/** Short tick labels: the axis label carries the unit. */
export function formatTick(format: ValueFormat, value: unknown): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "";
  switch (format) {
    case "ms":
      return String(+value.toFixed(value < 1 ? 3 : value < 10 ? 2 : 1));
    case "bytes":
      return formatBytes(value);
    case "ratio":
      return `${value.toFixed(value < 10 ? 1 : 0)}x`;
    case "percent":
      return formatPercent(value);
    default:
      if (Math.abs(value) >= 10_000) return `${formatCount(value / 1000, 0)}k`;
      return formatCount(value, Math.abs(value) < 10 ? 1 : 0);
  }
}
