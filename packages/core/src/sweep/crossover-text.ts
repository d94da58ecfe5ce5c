import { formatBytes, formatInt } from "../render/format";
import { namedPlacements } from "../network/placements";
import { crossoversOf, type RowOutcome } from "./crossover-search";
import type { Crossover, SweepCoords, SweepResult } from "./sweep-result";

const sideName = { grpc: "gRPC", rest: "REST" } as const;

/** A swept value as a reader says it: "3,000 records", "48.0 KiB", "24 connections". */
export function formatSweepValue(dimension: string, value: number): string {
  switch (dimension) {
    case "records":
      return `${formatInt(value)} record${value === 1 ? "" : "s"}`;
    case "payloadBytes":
    case "echoBytes":
      return formatBytes(value);
    case "connections":
      return `${formatInt(value)} connection${value === 1 ? "" : "s"}`;
    default:
      return formatInt(value);
  }
}

/** The number alone (the unit said once, on the estimate): "2,500", "32.0 KiB". */
const bareValue = (dimension: string, value: number) =>
  dimension === "payloadBytes" || dimension === "echoBytes" ? formatBytes(value) : formatInt(value);

/** An estimate is a bracket's middle: two significant figures say all it knows (every view rounds it so). */
export function roughly(value: number): number {
  if (value < 100) return value;
  const scale = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / scale) * scale;
}

function placementPhrase(name: string): string {
  if (name === "loopback") return "on loopback";
  const profile = (namedPlacements as Record<string, { rttMs: number } | undefined>)[name];
  return profile ? `at ${profile.rttMs} ms RTT (${name})` : `on the ${name} placement`;
}

/** Where the row sits: "on loopback", "at 147 ms RTT (cross-region)", "with a cold cache". */
export function rowPhrase(row: SweepCoords): string {
  return Object.entries(row)
    .map(([dimension, value]) => {
      if (dimension === "network") return placementPhrase(String(value));
      if (dimension === "cacheModes") return value === "none" ? "" : `with a ${value} cache`;
      if (dimension === "stacks") return `through ${value}`;
      return typeof value === "number" ? `at ${formatSweepValue(dimension, value)}` : `at ${dimension} ${value}`;
    })
    .filter(Boolean)
    .join(" ");
}

/**
 * A row where one side wins at some values and neither at the others: where it wins, said as a
 * range when the wins are at one end of the row.
 */
function oneSideSometimes(side: string, dimension: string, outcome: RowOutcome, at: string): string {
  const decided = [...outcome.samples].filter((s) => s.winner !== null).sort((a, b) => a.value - b.value);
  const wins = decided.map((s) => s.winner !== "none");
  const first = wins.indexOf(true);
  const last = wins.lastIndexOf(true);
  const contiguous = wins.slice(first, last + 1).every(Boolean);
  const value = (i: number) => formatSweepValue(dimension, decided[i]!.value);
  if (contiguous && last === wins.length - 1)
    return `${side} wins from ${value(first)} up${at}; no significant difference below (from ${value(0)} to ${value(first - 1)})`;
  if (contiguous && first === 0)
    return `${side} wins up to ${value(last)}${at}; no significant difference above (from ${value(last + 1)} to ${value(wins.length - 1)})`;
  return `${side} wins at ${wins.filter(Boolean).length} of ${wins.length} ${what(dimension)}s${at}, the other side at none`;
}

const what = (dimension: string) => (dimension === "connections" ? "load" : "size");

/** The row's crossovers with their sentences; `reason` says why a row without a verdict has none. */
export function describeRow(outcome: RowOutcome, reason?: string): Crossover[] {
  const ties = outcome.samples.some((s) => s.winner === "none");
  const where = rowPhrase(outcome.row);
  const at = where ? ` ${where}` : "";
  return crossoversOf(outcome).map((c) => {
    const { dimension } = c;
    let text: string;
    if (c.status === "found") {
      const side = sideName[c.winnerAbove as keyof typeof sideName];
      text = `${side} starts to win at about ${formatSweepValue(dimension, roughly(c.estimate!))}${at} (between ${bareValue(dimension, c.low!)} and ${bareValue(dimension, c.high!)})`;
    } else if (c.status === "none") {
      const range = `from ${bareValue(dimension, c.low!)} to ${formatSweepValue(dimension, c.high!)}`;
      if (c.winnerAbove === "none") text = `no significant difference at any ${what(dimension)} ${range}${at}`;
      else {
        const side = sideName[c.winnerAbove!];
        text = ties
          ? oneSideSometimes(side, dimension, outcome, at)
          : `${side} wins at every ${what(dimension)} ${range}${at}`;
      }
    } else text = `no verdict${at}${reason ? `: ${reason}` : ""}`;
    return { ...c, text };
  });
}

/** One line per workload: its rows' sentences joined, in the order the rows were measured. */
export function sweepSummaries(sweep: Pick<SweepResult, "crossovers">): string[] {
  const byWorkload = new Map<string, string[]>();
  for (const c of sweep.crossovers) byWorkload.set(c.workload, [...(byWorkload.get(c.workload) ?? []), c.text]);
  return [...byWorkload].map(([workload, texts]) => `${workload}: ${texts.join("; ")}`);
}
