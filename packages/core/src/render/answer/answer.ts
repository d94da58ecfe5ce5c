// The answer a report opens with, the same in the terminal, the Markdown export and the web page:
// the question the run asked (read from its spec), the verdict in one sentence per question, which
// picture shows it, why in one line when the run walked the layers, and how many findings could
// change those verdicts. Every sentence is one the report already prints further down (the cells'
// verdicts, the sweep's crossovers, the placements' verdicts); this only chooses and orders them.
import { cellName } from "../findings/finding-names";
import { groupFindings, verdictCaveats, type FindingGroup } from "../findings/finding-groups";
import { findingsOf } from "../findings/findings-of";
import { placementName } from "../../network/placements";
import type { CellResult, RunResult } from "../../result/result-schema";
import { formatSweepValue, sweepSummaries } from "../sweeps/crossover-text";
import { clearOfParity } from "../../stats/verdict";
import { formatInt } from "../format";
import { hasPlacements, placementVerdicts } from "./placements";
import { layerRowsOf, resultHasStacks, type LayerRow } from "../stacks";

/** More headline sentences than this and the rest are counted ("and 3 more"): the answer must fit one screen. */
export const MAX_HEADLINES = 4;

/**
 * The one picture that answers the run's question: a sweep's map (heatmap or line, with its
 * crossover), the speedup against RTT of a placement run, the layer ladder of a stacks run, or
 * the speedup of every cell for a plain run.
 */
export type AnswerPicture = "sweep" | "placements" | "stacks" | "speedup";

export interface Answer {
  /** "Is gRPC faster than REST for item.get with a warm cache, on loopback and cross-region?" */
  question: string;
  /** One sentence per question (workload x cache mode, or per swept workload), at most MAX_HEADLINES. */
  headlines: string[];
  /** Headline sentences left out of `headlines`. */
  more: number;
  picture: AnswerPicture;
  /** The layer that moved p50 the most, when the run walked the layers; else null. */
  why: string | null;
  /** The findings that can change these verdicts, heaviest first (the trust line counts and links them). */
  caveats: FindingGroup[];
  /** "2 findings can change these verdicts (clients unequal, short window)." */
  trust: string;
}

/** "a, b and c" */
function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const distinct = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** "as records go from 1 to 10,000", "across express, node and grpc-js": each swept axis. */
function sweepPhrase(result: RunResult): string | null {
  const axes = result.spec.sweep?.axes ?? [];
  if (axes.length === 0) return null;
  const phrases = axes.map((axis) => {
    if (axis.dimension === "network") return `across ${listText(axis.values.map(placementName))}`;
    const values: ReadonlyArray<string | number> = axis.values;
    const numbers = values.filter((v): v is number => typeof v === "number");
    if (numbers.length === values.length) {
      const low = formatSweepValue(axis.dimension, Math.min(...numbers));
      const high = formatSweepValue(axis.dimension, Math.max(...numbers));
      return `from ${low} to ${high}`;
    }
    return `across ${listText(values.map(String))}`;
  });
  return phrases.join(", ");
}

/** The question the spec asked, in one sentence. */
export function questionOf(result: RunResult): string {
  const { spec } = result;
  const workloads = distinct(result.cells.map((c) => c.workload));
  const asked = workloads.length > 0 ? workloads : spec.workloads;
  const what = asked.length > 4 ? `${formatInt(asked.length)} workloads` : listText(asked);
  const modes = distinct(result.cells.map((c) => c.cacheMode).filter((m) => m !== "none"));
  const cache = modes.length === 0 ? "" : ` with a ${listText(modes)} cache`;
  const network = spec.network.map((p) => placementName(p));
  // A sweep across placements names them in its own phrase.
  const sweptNetwork = spec.sweep?.axes.some((a) => a.dimension === "network") ?? false;
  const where = !sweptNetwork && network.some((n) => n !== "loopback") ? `, on ${listText(network)}` : "";
  const sweep = sweepPhrase(result);
  const askedStacks = spec.stacks ?? [];
  const stacks = askedStacks.length > 2 ? `, and which layer decides (${listText(askedStacks)})` : "";
  return `Is gRPC faster than REST for ${what}${cache}${where}${sweep ? `, ${sweep}` : ""}${stacks}?`;
}

/** One sentence per question: the sweep's crossovers, the verdicts across placements, or each cell's verdict. */
function allHeadlines(result: RunResult): string[] {
  const swept = result.sweep ? sweepSummaries(result.sweep) : [];
  if (swept.length > 0) return swept;
  if (hasPlacements(result)) {
    const placed = placementVerdicts(result).map((v) => v.text);
    if (placed.length > 0) return placed;
  }
  return result.cells.map((cell) => `${cellName(cell)}: ${cell.verdict}`);
}

export function pictureOf(result: RunResult): AnswerPicture {
  if (result.sweep && result.cells.some((c) => c.coords !== undefined)) return "sweep";
  if (hasPlacements(result) && result.cells.some((c) => (c.placement ?? "loopback") !== "loopback")) {
    return "placements";
  }
  if (resultHasStacks(result) && result.cells.some((c) => (c.layers?.length ?? 0) > 0)) return "stacks";
  return "speedup";
}

/** The layer step whose interval is clear of 1 and whose p50 ratio is furthest from it. */
function decidingLayer(cell: CellResult): LayerRow | null {
  const clear = layerRowsOf(cell).filter((row) => row.ratio !== null && clearOfParity(row.ratio));
  if (clear.length === 0) return null;
  return clear.reduce((a, b) =>
    Math.abs(Math.log(b.ratio!.estimate)) > Math.abs(Math.log(a.ratio!.estimate)) ? b : a,
  );
}

interface WhyFacts {
  /** The cells that walked the layers. */
  walked: CellResult[];
  /** The layer that moved p50 the most in the most cells, with one cell where it did; null when none moved it. */
  deciding: { layer: string; count: number; cell: CellResult; row: LayerRow } | null;
}

function whyFacts(result: RunResult): WhyFacts | null {
  const walked = result.cells.filter((c) => layerRowsOf(c).length > 0);
  if (walked.length === 0) return null;
  const deciding = walked.map((cell) => ({ cell, row: decidingLayer(cell) }));
  const counts = new Map<string, number>();
  for (const { row } of deciding) if (row) counts.set(row.layer, (counts.get(row.layer) ?? 0) + 1);
  if (counts.size === 0) return { walked, deciding: null };
  const [layer, count] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a));
  const example = deciding.find((d) => d.row?.layer === layer)!;
  return { walked, deciding: { layer, count, cell: example.cell, row: example.row! } };
}

/** "the framework (express → node) moved p50 the most in 2 of 2 cells": the cause in plain words, no example. */
function whyHead(facts: WhyFacts): string {
  const { walked, deciding } = facts;
  if (deciding === null) return `no layer changed p50 beyond its interval in ${listText(walked.map(cellName))}`;
  const where = walked.length > 1 ? ` in ${formatInt(deciding.count)} of ${formatInt(walked.length)} cells` : "";
  const step = `(${deciding.row.from} → ${deciding.row.to})`;
  // A client step explains the tools' figure, not the verdict (which one client for both measured).
  if (deciding.layer === "client")
    return `the load generator, not the protocol, made most of the tools' gap${where} ${step}`;
  return `the ${deciding.layer} ${step} moved p50 the most${where}`;
}

/** "the framework (express → node) moved p50 the most in 2 of 2 cells; item.get (warm): ..." */
export function whyOf(result: RunResult): string | null {
  const facts = whyFacts(result);
  if (facts === null) return null;
  const head = whyHead(facts);
  return facts.deciding ? `${head}; ${cellName(facts.deciding.cell)}: ${facts.deciding.row.text}` : head;
}

/** The cause in plain words, without the example cell's sentence; null when the run did not walk the layers. */
export function whyPlainOf(result: RunResult): string | null {
  const facts = whyFacts(result);
  return facts === null ? null : whyHead(facts);
}

/**
 * The cause of the verdicts in one line, for the terminal's short report; null when the run did
 * not walk the layers, or when the deciding step is the client's (that explains the tools' figure
 * beside the verdict, not the verdict itself, which one client for both measured).
 */
export function whyShortOf(result: RunResult): string | null {
  return whyFacts(result)?.deciding?.layer === "client" ? null : whyPlainOf(result);
}

function trustText(caveats: readonly FindingGroup[], groups: readonly FindingGroup[]): string {
  const others = groups.length - caveats.length;
  const reading = others > 0 ? `; ${formatInt(others)} more on how to read the figures` : "";
  if (caveats.length === 0) return `No finding can change these verdicts${reading}.`;
  // Groups that share a title (an older result's recorded sentences, a kind's warning and note) are
  // named once, with how many they are, so the count and the list agree.
  const byTitle = new Map<string, number>();
  for (const g of caveats) byTitle.set(g.title.toLowerCase(), (byTitle.get(g.title.toLowerCase()) ?? 0) + 1);
  const titles = [...byTitle].map(([title, n]) => (n > 1 ? `${title} x${n}` : title));
  const noun = caveats.length === 1 ? "finding can" : "findings can";
  return `${formatInt(caveats.length)} ${noun} change these verdicts (${titles.join(", ")})${reading}.`;
}

/** The answer block of a result; `groups` when the caller already grouped its findings. */
export function answerOf(
  result: RunResult,
  groups: readonly FindingGroup[] = groupFindings(findingsOf(result), result.cells.length),
): Answer {
  const all = allHeadlines(result);
  const caveats = verdictCaveats(groups);
  return {
    question: questionOf(result),
    headlines: all.slice(0, MAX_HEADLINES),
    more: Math.max(0, all.length - MAX_HEADLINES),
    picture: pictureOf(result),
    why: whyOf(result),
    caveats,
    trust: trustText(caveats, groups),
  };
}
