// Number formats shared by the table, Markdown and the progress bar, so one value reads the same
// everywhere. Latency always keeps 3 decimals: sub-millisecond differences are the point.
import type { RatioCI } from "../stats/bootstrap";

const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function formatMs(ms: number): string {
  return ms.toFixed(3);
}

export function formatInt(value: number): string {
  return grouped.format(Math.round(value));
}

/** Streams and slow calls run at a few per second: keep a decimal there, none at thousands. */
export function formatRps(rps: number): string {
  return rps >= 100 ? formatInt(rps) : rps.toFixed(1);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;
}

export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}

/** "1.42x [1.31-1.55]", or "1.42x (1 trial)" when there is no interval to show. */
export function formatSpeedupCI(ci: Pick<RatioCI, "estimate" | "low" | "high" | "degenerate">): string {
  if (ci.degenerate) return `${formatRatio(ci.estimate)} (1 trial)`;
  return `${formatRatio(ci.estimate)} [${ci.low.toFixed(2)}-${ci.high.toFixed(2)}]`;
}

/** A published or measured figure in its own unit. */
export function formatFigure(unit: string, value: number | null): string {
  if (value === null) return "-";
  switch (unit) {
    case "ms":
      return value >= 1000 ? value.toFixed(1) : value.toFixed(3);
    case "req/s":
      return formatRps(value);
    case "B":
      return formatInt(value);
    case "%":
      return value.toFixed(1);
    default:
      return String(value);
  }
}

/** 500 -> "500ms", 2000 -> "2s", 90000 -> "1.5m" (the forms --duration accepts back). */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  if (ms < 60_000) return `${+(ms / 1000).toFixed(2)}s`;
  return `${+(ms / 60_000).toFixed(2)}m`;
}

/** 0:07, 12:30 */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
