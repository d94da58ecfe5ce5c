// The short terminal report's table of each side's figures, with the client that measured them.
// For a run that asked the two headline questions: p50 and p99 at one call in flight (where the
// cell was measured again so), its own load's p50 and p99 headed by that load ("p50 @8": under
// saturation, queueing more than latency), and calls per second per server core. A result written
// before reads as it did: p50, p99, rps and errors.
import type { CellResult, ProtocolSummary, RunResult } from "../../result/result-schema";
import type { LatencySummary } from "../../stats/latency-summary";
import { formatInt, formatMs, formatRps } from "../format";
import { queuedLoadTag, resultHasQuestions } from "../answer/question-figures";
import { hasCorrectedLatency } from "../answer/corrected-latency";
import { hasPlacements } from "../answer/placements";
import type { Styles } from "./ansi";
import { comparisonName } from "./comparison-name";
import { renderTable, type Column } from "./text-table";

const SIDES = ["rest", "grpc"] as const;
const LABEL = { rest: "REST", grpc: "gRPC" } as const;

const ms = (latency: LatencySummary | undefined, pick: "p50" | "p99") =>
  latency && latency.count > 0 ? formatMs(latency[pick]) : "-";

/** What the table shows beyond a result written before, and how it heads its own load's latency. */
interface Layout {
  corrected: boolean;
  /** Some cell was measured again at one call in flight. */
  light: boolean;
  /** Calls per core, from the cells' questions. */
  capacity: boolean;
  /** "@8" when every loaded cell ran at one load, "loaded" when they differ; null when none queued. */
  loadTag: string | null;
}

function layoutOf(result: RunResult, cells: readonly CellResult[]): Layout {
  return {
    corrected: hasCorrectedLatency(result),
    light: cells.some((cell) => cell.lightLoad !== undefined),
    capacity: resultHasQuestions(result),
    loadTag: queuedLoadTag(result, cells),
  };
}

function columnsOf(layout: Layout): Column[] {
  const right = (header: string): Column => ({ header, align: "right" });
  const own = layout.loadTag === null ? " ms" : ` ${layout.loadTag}`;
  return [
    { header: "cell" },
    { header: "side" },
    { header: "client" },
    ...(layout.light ? [right("p50 @1"), right("p99 @1")] : []),
    right(`p50${own}`),
    right(`p99${own}`),
    ...(layout.corrected ? [right("p50 from due")] : []),
    right("rps"),
    ...(layout.capacity ? [right("calls/core")] : []),
    right("errors"),
  ];
}

function sideRow(cell: CellResult, side: "rest" | "grpc", layout: Layout, s: Styles): string[] {
  const m: ProtocolSummary = cell[side];
  const light = cell.lightLoad?.[side].latencyMs;
  const perCore = cell.questions?.capacity[side].perCore;
  return [
    LABEL[side],
    m.generator.tool,
    ...(layout.light ? [ms(light, "p50"), ms(light, "p99")] : []),
    ms(m.latencyMs, "p50"),
    ms(m.latencyMs, "p99"),
    ...(layout.corrected ? [ms(m.correctedLatencyMs, "p50")] : []),
    formatRps(m.rps),
    ...(layout.capacity ? [perCore === undefined || perCore === null ? "-" : formatInt(perCore)] : []),
    m.errors.total > 0 ? s.red(formatInt(m.errors.total)) : "0",
  ];
}

/** What "@1", "@8" and "calls/core" mean, under the table; nothing for a result written before. */
function legendOf(layout: Layout, s: Styles): string[] {
  if (!layout.capacity) return [];
  const parts = [
    "latencies in ms",
    ...(layout.light ? ["@1: one call in flight"] : []),
    ...(layout.loadTag === null ? [] : [`${layout.loadTag}: the cell's own load, under saturation (mostly queueing)`]),
    "calls/core: calls per second per server core at that load",
  ];
  return [s.dim(parts.join(" · "))];
}

/** Each side of each cell (at most `maxCells`, the rest counted) with its client and figures. */
export function sideFiguresTable(result: RunResult, s: Styles, maxCells: number): string[] {
  const placed = hasPlacements(result);
  const cells = result.cells.slice(0, maxCells);
  const layout = layoutOf(result, cells);
  const rows = cells.flatMap((cell) =>
    SIDES.map((side, i) => [i === 0 ? comparisonName(cell, placed) : "", ...sideRow(cell, side, layout, s)]),
  );
  const more = result.cells.length - cells.length;
  return [
    ...renderTable(columnsOf(layout), rows),
    ...legendOf(layout, s),
    ...(more > 0 ? [s.dim(`and ${formatInt(more)} more cells (--verbose)`)] : []),
  ];
}
