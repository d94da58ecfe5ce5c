// A cell's two headline figures as the short reports show them side by side, in the terminal, the
// Markdown and on the web's first screen: latency (p50 where the server was not queueing) and
// capacity (calls per second per server core at the cell's own load), each its verdict in a few
// words, its interval, and its sentence for a hover; with the client whose figures they rest on.
// A cell without `questions` (results written before) has none: its reports read as they did.
import type { CellQuestions, CellResult, Comparison, RunResult } from "../../result/result-schema";
import { specForWorkload } from "../../spec/workload-load";
import { verdictFiguresOf } from "../../stats/verdict";
import { formatInt } from "../format";
import { headlineClient } from "../verdicts/comparison-row";
import { estimateText, intervalText } from "../verdicts/factor";
import { noWinnerWords } from "../verdicts/verdict-text";

export interface QuestionFigure {
  /**
   * "REST 1.65x sooner", "gRPC 1.94x calls/core", "the same within 5%", "not enough to tell",
   * "not saturated (gRPC 1.94x)", or "no figure" where the run has none.
   */
  words: string;
  /** The side the words name; "none" where they name none (and where capacity was not saturated). */
  winner: "rest" | "grpc" | "none";
  /** "[1.40-1.90]", "[REST 1.03x – gRPC 1.04x]", "(1 trial: no interval)", or "" without a figure. */
  interval: string;
  /** The comparison's whole sentence, its interval's basis included; "" without a figure. */
  sentence: string;
}

export interface CellQuestionFigures {
  /** Where the latency was read, short: "1 in flight", "open loop", "8 in flight, under saturation". */
  latencyWhere: string;
  latency: QuestionFigure;
  capacity: QuestionFigure;
  /** "h2load (server + wire)" where one client drove both sides, else "autocannon vs ghz". */
  client: string;
  /** Both answers in one sentence (questions.text). */
  sentence: string;
}

/** A cell's own load: a closed loop of some calls in flight, or an open loop at a rate. */
export type OwnLoad = { kind: "closed"; inFlight: number } | { kind: "open"; rate: number };

/** The load a cell ran at: its workload's own rate if it has one, else the calls its client kept in flight. */
export function ownLoadOf(cell: CellResult, spec: RunResult["spec"]): OwnLoad {
  const own = specForWorkload(spec, cell.workload);
  if (own.rate !== undefined) return { kind: "open", rate: own.rate };
  // What the client recorded wins over the spec: a sweep's point may have moved the in-flight count.
  const recorded = cell.rest.connections.inFlight;
  return { kind: "closed", inFlight: recorded > 0 ? recorded : own.connections };
}

/** More than one call in flight in a closed loop: its p50 and p99 are mostly queueing, not latency alone. */
export const underSaturation = (load: OwnLoad) => load.kind === "closed" && load.inFlight > 1;

/** "8 in flight", "500 calls/s". */
export function ownLoadText(load: OwnLoad): string {
  return load.kind === "closed" ? `${formatInt(load.inFlight)} in flight` : `${formatInt(load.rate)} calls/s`;
}

/** "@8" for a closed loop, "@500/s" for an open one: the load a column's figures were read at. */
export function ownLoadTag(load: OwnLoad): string {
  return load.kind === "closed" ? `@${formatInt(load.inFlight)}` : `@${formatInt(load.rate)}/s`;
}

function latencyWhereOf(load: CellQuestions["latency"]["load"], own: OwnLoad): string {
  if (load === "one-in-flight") return "1 in flight";
  if (load === "open-loop") return "open loop";
  return `${ownLoadText(own)}, under saturation`;
}

/** The words for a figure that names no side: the margin's "the same within 5%", else "not enough to tell". */
function noWinner(c: Comparison): string {
  const words = noWinnerWords(verdictFiguresOf({ metric: c.metric, ci: c.ci }));
  // A result written before margins has intervals that merely straddle 1: that is not "the same".
  return words === "no significant difference" ? "not enough to tell" : words;
}

/** `named`: the words for the winner, e.g. "REST 1.65x" -> "REST 1.65x sooner". */
function figureOf(c: Comparison | undefined, named: (estimate: string) => string): QuestionFigure {
  if (!c) return { words: "no figure", winner: "none", interval: "", sentence: "" };
  const interval = c.ci.degenerate ? "(1 trial: no interval)" : intervalText(c.ci);
  const words = c.winner === "none" ? noWinner(c) : named(estimateText(c.ci));
  return { words, winner: c.winner, interval, sentence: c.text };
}

/**
 * Capacity is a capacity only where both servers were busy: below that it names no side, whatever
 * its interval says, and keeps the factor the run saw beside the words.
 */
function capacityFigureOf(capacity: CellQuestions["capacity"]): QuestionFigure {
  const figure = figureOf(capacity.comparison, (estimate) => `${estimate} calls/core`);
  if (capacity.saturated || !capacity.comparison) return figure;
  return { ...figure, words: `not saturated (${estimateText(capacity.comparison.ci)})`, winner: "none" };
}

/** "h2load (server + wire)": one client for both sides measures the servers and the wire, not two clients. */
export function questionsClient(cell: Pick<CellResult, "rest" | "grpc">): string {
  const client = headlineClient(cell);
  return cell.rest.generator.tool === cell.grpc.generator.tool ? `${client} (server + wire)` : client;
}

/** The cell's two figures; null for a cell without questions (a result written before). */
export function cellQuestionFigures(cell: CellResult, spec: RunResult["spec"]): CellQuestionFigures | null {
  const questions = cell.questions;
  if (!questions) return null;
  return {
    latencyWhere: latencyWhereOf(questions.latency.load, ownLoadOf(cell, spec)),
    latency: figureOf(questions.latency.p50, (estimate) => `${estimate} sooner`),
    capacity: capacityFigureOf(questions.capacity),
    client: questionsClient(cell),
    sentence: questions.text,
  };
}

export const resultHasQuestions = (result: RunResult) => result.cells.some((cell) => cell.questions !== undefined);

/**
 * How a table heads figures read at the cells' own load where the run asked the two questions and
 * that load queued (more than one call in flight in a closed loop): "@8", or "loaded" where the
 * cells' loads differ; null otherwise, so those columns read as they did.
 */
export function queuedLoadTag(result: RunResult, cells: readonly CellResult[] = result.cells): string | null {
  if (!resultHasQuestions(result)) return null;
  const tags = new Set(
    cells
      .map((cell) => ownLoadOf(cell, result.spec))
      .filter(underSaturation)
      .map(ownLoadTag),
  );
  return tags.size === 0 ? null : tags.size === 1 ? [...tags][0]! : "loaded";
}

const distinct = (items: readonly string[]) => [...new Set(items)];

function latencyQuestionOf(cell: CellResult, spec: RunResult["spec"]): string {
  const load = cell.questions!.latency.load;
  if (load === "one-in-flight") return "p50 at one call in flight";
  const own = ownLoadOf(cell, spec);
  if (load === "open-loop") return `p50 in an open loop at ${ownLoadText(own)}`;
  return `p50 at ${ownLoadText(own)}, under saturation (queueing, not latency alone)`;
}

/** The two questions the figures answer, each in words; null when no cell asked them. */
export function questionsAsked(result: RunResult): { latency: string; capacity: string } | null {
  const asked = result.cells.filter((cell) => cell.questions !== undefined);
  if (asked.length === 0) return null;
  // Cells with loads of their own name each.
  const latency = distinct(asked.map((cell) => latencyQuestionOf(cell, result.spec)));
  const loads = distinct(asked.map((cell) => ownLoadText(ownLoadOf(cell, result.spec))));
  return {
    latency: latency.join(" or "),
    capacity: `calls per second per server core at ${loads.join(" or ")}`,
  };
}

/**
 * The line above the figures: "latency: p50 at one call in flight; capacity: calls per second per
 * server core at 8 in flight"; null when no cell asked the questions.
 */
export function questionsHeader(result: RunResult): string | null {
  const asked = questionsAsked(result);
  return asked === null ? null : `latency: ${asked.latency}; capacity: ${asked.capacity}`;
}
