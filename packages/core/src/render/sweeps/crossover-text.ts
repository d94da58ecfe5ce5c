import { formatBytes, formatInt } from "../format";
import { namedPlacements } from "../../network/placements";
import { DEFAULT_PAIR, stacks } from "../../stacks/stacks";
import { crossoversOf, type RowOutcome } from "../../sweep/crossover-search";
import type { Crossover, SweepCoords, SweepResult } from "../../sweep/sweep-result";

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
export const bareValue = (dimension: string, value: number) =>
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
      // A stack's speedup is against the other side's default, which the row would not say otherwise.
      if (dimension === "stacks") {
        const family = (stacks as Record<string, { family: string } | undefined>)[String(value)]?.family;
        return `through ${value}${family ? ` (against ${family === "rest" ? DEFAULT_PAIR.grpc : DEFAULT_PAIR.rest})` : ""}`;
      }
      return typeof value === "number" ? `at ${formatSweepValue(dimension, value)}` : `at ${dimension} ${value}`;
    })
    .filter(Boolean)
    .join(" ");
}

/**
 * A row where one side wins at some values and neither at the others: where it wins (the side's
 * name left to the caller), said as a range when the wins are at one end of the row.
 */
function oneSideSometimes(dimension: string, outcome: RowOutcome, at: string): string {
  const decided = [...outcome.samples].filter((s) => s.winner !== null).sort((a, b) => a.value - b.value);
  const wins = decided.map((s) => s.winner !== "none");
  const first = wins.indexOf(true);
  const last = wins.lastIndexOf(true);
  const contiguous = wins.slice(first, last + 1).every(Boolean);
  const value = (i: number) => formatSweepValue(dimension, decided[i]!.value);
  // "(at 1 record)" for a single value, "(from 1 record to 10 records)" for several.
  const span = (from: number, to: number) =>
    from === to ? `at ${value(from)}` : `from ${value(from)} to ${value(to)}`;
  if (contiguous && last === wins.length - 1)
    return `wins from ${value(first)} up${at}, with no significant difference below (${span(0, first - 1)})`;
  if (contiguous && first === 0)
    return `wins up to ${value(last)}${at}, with no significant difference above (${span(last + 1, wins.length - 1)})`;
  return `wins at ${wins.filter(Boolean).length} of ${wins.length} ${what(dimension)}s${at}, the other side at none`;
}

const what = (dimension: string) => (dimension === "connections" ? "load" : "size");

type SideName = (typeof sideName)[keyof typeof sideName];

/** Whom a crossover's sentence is about: the side that wins above it, none for a tie throughout or no verdict. */
function subjectOf(c: Pick<Crossover, "status" | "winnerAbove">): SideName | undefined {
  if (c.status === "unresolved" || c.winnerAbove === undefined || c.winnerAbove === "none") return undefined;
  return sideName[c.winnerAbove];
}

/** A found crossover in a few words, for a label beside the line drawn at it: "gRPC starts to win at about 550 records". */
export function crossoverHeadline(c: Crossover): string {
  if (c.status !== "found" || c.estimate === undefined) return c.text;
  return `${subjectOf(c) ?? ""} starts to win at about ${formatSweepValue(c.dimension, roughly(c.estimate))}`.trim();
}

/** The row's crossovers with their sentences; `reason` says why a row without a verdict has none. */
export function describeRow(outcome: RowOutcome, reason?: string): Crossover[] {
  const ties = outcome.samples.some((s) => s.winner === "none");
  const where = rowPhrase(outcome.row);
  const at = where ? ` ${where}` : "";
  return crossoversOf(outcome).map((c) => {
    const { dimension } = c;
    let predicate: string;
    if (c.status === "found") {
      predicate = `starts to win at about ${formatSweepValue(dimension, roughly(c.estimate!))}${at} (between ${bareValue(dimension, c.low!)} and ${bareValue(dimension, c.high!)})`;
    } else if (c.status === "none") {
      const range = `from ${bareValue(dimension, c.low!)} to ${formatSweepValue(dimension, c.high!)}`;
      if (c.winnerAbove === "none") predicate = `no significant difference at any ${what(dimension)} ${range}${at}`;
      else
        predicate = ties ? oneSideSometimes(dimension, outcome, at) : `wins at every ${what(dimension)} ${range}${at}`;
    } else predicate = `no verdict${at}${reason ? `: ${reason}` : ""}`;
    const subject = subjectOf(c);
    return { ...c, text: subject ? `${subject} ${predicate}` : predicate };
  });
}

/** A row's sentence cut where the summary may share its parts with the rows beside it. */
interface Clause {
  subject?: SideName;
  verb?: string;
  rest: string;
}

const VERBS = ["starts to win ", "wins "];

/**
 * Read off the stored sentence, so that results written before the summary read this way still
 * summarise alike: a sentence that does not start with its side and a known verb stands alone.
 */
function clauseOf(c: Crossover): Clause {
  const subject = subjectOf(c);
  if (!subject || !c.text.startsWith(`${subject} `)) return { rest: c.text };
  const predicate = c.text.slice(subject.length + 1);
  const verb = VERBS.find((v) => predicate.startsWith(v));
  return verb ? { subject, verb, rest: predicate.slice(verb.length) } : { rest: c.text };
}

/** Consecutive clauses about one side as one: the side named once, a verb only where it changes. */
function sameSideSentence(run: readonly Clause[]): string {
  const parts = run.map((clause, i) =>
    i > 0 && clause.verb === run[i - 1]!.verb ? clause.rest : `${clause.verb}${clause.rest}`,
  );
  const listed = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")}, and ${parts.at(-1)}`;
  return `${run[0]!.subject} ${listed}`;
}

/** A workload's rows, in the order they were measured, as one sentence. */
function summaryOf(crossovers: readonly Crossover[]): string {
  const runs: Clause[][] = [];
  for (const clause of crossovers.map(clauseOf)) {
    const open = runs.at(-1);
    if (open && clause.subject && open[0]!.subject === clause.subject) open.push(clause);
    else runs.push([clause]);
  }
  return runs.map((run) => (run[0]!.subject ? sameSideSentence(run) : run[0]!.rest)).join("; ");
}

/** One line per workload: its rows said as one sentence, in the order the rows were measured. */
export function sweepSummaries(sweep: Pick<SweepResult, "crossovers">): string[] {
  const byWorkload = new Map<string, Crossover[]>();
  for (const c of sweep.crossovers) byWorkload.set(c.workload, [...(byWorkload.get(c.workload) ?? []), c]);
  return [...byWorkload].map(([workload, crossovers]) => `${workload}: ${summaryOf(crossovers)}`);
}
