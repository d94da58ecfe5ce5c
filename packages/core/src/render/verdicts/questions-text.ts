// A cell's two answers in one sentence: "REST answers 1.65x sooner at one call in flight; gRPC
// serves 1.90x the calls per core at 8 in flight", or, when one side wins both, "gRPC answers
// 1.10x sooner at one call in flight and serves 2.40x the calls per core at 8 in flight". Each
// figure's interval is in its comparison's own sentence; this one is the headline.
import type { CellQuestions, Comparison } from "../../result/result-schema";
import { verdictFiguresOf } from "../../stats/verdict";
import { noWinnerWords, percentText } from "./verdict-text";

const SIDE = { grpc: "gRPC", rest: "REST" } as const;

/** The comparison's factor, oriented to its winner (> 1). */
const factorOf = (c: Comparison) => (c.winner === "rest" ? 1 / c.ci.estimate : c.ci.estimate).toFixed(2);

/** Where the latency was read, as a phrase: "at one call in flight", "in an open loop", "under saturation". */
export function latencyLoadPhrase(load: CellQuestions["latency"]["load"]): string {
  if (load === "one-in-flight") return "at one call in flight";
  if (load === "open-loop") return "in an open loop at the run's rate";
  return "under saturation";
}

/**
 * Why no side is named, by the same rules as the comparison's own sentence: "the same within 5%"
 * only for an interval that was judged (not a point estimate, not one block per side) and lies
 * inside the margin; else "not enough to tell".
 */
function noWinner(c: Comparison): string {
  const words = noWinnerWords(verdictFiguresOf({ metric: c.metric, ci: c.ci }));
  return words === "no significant difference" ? "not enough to tell" : words;
}

function latencyPart(latency: CellQuestions["latency"]): { side: string | null; text: string } {
  const where = latencyLoadPhrase(latency.load);
  const p50 = latency.p50;
  if (!p50) return { side: null, text: `latency ${where}: no figure` };
  if (p50.winner === "none") return { side: null, text: `latency ${where}: ${noWinner(p50)}` };
  return { side: SIDE[p50.winner], text: `answers ${factorOf(p50)}x sooner ${where}` };
}

function capacityPart(capacity: CellQuestions["capacity"], where: string): { side: string | null; text: string } {
  const c = capacity.comparison;
  if (!c) return { side: null, text: `calls per core ${where}: no CPU figure` };
  // An idle share of the window is not capacity: no side is named (unsaturatedCapacity says why).
  if (!capacity.saturated)
    return { side: null, text: `calls per core ${where}: not saturated (${busyWords(capacity)})` };
  if (c.winner === "none") return { side: null, text: `calls per core ${where}: ${noWinner(c)}` };
  return { side: SIDE[c.winner], text: `serves ${factorOf(c)}x the calls per core ${where}` };
}

/** "REST busy 45% of a core, gRPC 38%": how far from saturated each server was. */
function busyWords({ rest, grpc }: Pick<CellQuestions["capacity"], "rest" | "grpc">): string {
  const busy = (share: number | null) => (share === null ? "unknown" : percentText(share));
  return `REST busy ${busy(rest.coreShare)} of a core, gRPC ${busy(grpc.coreShare)}`;
}

/**
 * The capacity comparison of servers that were not saturated: no winner, whatever its interval,
 * its sentence saying why and keeping the run's figures ("not enough to tell in calls per core:
 * the servers were not saturated (REST busy 75% of a core, gRPC 54%); REST 1.21x in this run (95% CI ...)").
 */
export function unsaturatedCapacity(
  c: Comparison,
  capacity: Pick<CellQuestions["capacity"], "rest" | "grpc">,
): Comparison {
  const figures = verdictFiguresOf({ metric: c.metric, ci: c.ci });
  const leaning = c.ci.estimate >= 1 ? "gRPC" : "REST";
  const factor = (c.ci.estimate >= 1 ? c.ci.estimate : 1 / c.ci.estimate).toFixed(2);
  const interval = c.text.includes(" (") ? c.text.slice(c.text.lastIndexOf(" (")) : "";
  const run = figures.degenerate ? "" : `; ${leaning} ${factor}x in this run`;
  return {
    ...c,
    winner: "none",
    text: `not enough to tell in calls per core: the servers were not saturated (${busyWords(capacity)})${run}${interval}`,
  };
}

/**
 * Both answers of a cell in one sentence; `ownLoad`: where capacity was read, e.g. "at 8 in
 * flight" or "at 500 calls/s".
 */
export function questionsSentence(questions: Omit<CellQuestions, "text">, ownLoad: string): string {
  const latency = latencyPart(questions.latency);
  const capacity = capacityPart(questions.capacity, ownLoad);
  if (latency.side !== null && latency.side === capacity.side) {
    return `${latency.side} ${latency.text} and ${capacity.text}`;
  }
  const part = (p: { side: string | null; text: string }) => (p.side === null ? p.text : `${p.side} ${p.text}`);
  return `${part(latency)}; ${part(capacity)}`;
}
