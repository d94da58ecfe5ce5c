import { ownLoadOf, ownLoadText } from "@relix/core/render/answer/question-figures";
import type { CellQuestions, CellResult, RunResult } from "@relix/core/result/result-schema";
import { speedupRowOf, speedupRows, type SpeedupRow } from "./report-rows";

// The answer's picture of a plain run (the first screen's chart and the link preview's bars): one
// bar per cell. Where the run asked the two headline questions, the bar is the latency question's
// p50 (read where the server was not queueing), the figure the sentence above it names; the p50 at
// the cell's own load (8 in flight: mostly queueing) is left to the sections below, so the picture
// never shows a saturated p50 under a latency headline. Results written before keep their p50.

export interface AnswerSpeedup {
  rows: SpeedupRow[];
  /** "gRPC speedup at p50, one call in flight": the quantity and where it was read. */
  title: string;
  /** "REST p50 / gRPC p50 at one call in flight per cell, × (> 1: gRPC faster)". */
  subtitle: string;
}

function latencyWhere(cell: CellResult, questions: CellQuestions, spec: RunResult["spec"]): string {
  if (questions.latency.load === "one-in-flight") return "one call in flight";
  const own = ownLoadText(ownLoadOf(cell, spec));
  return questions.latency.load === "open-loop" ? `an open loop at ${own}` : `${own} (under saturation)`;
}

export function answerSpeedup(result: RunResult): AnswerSpeedup {
  const asked = result.cells.filter((cell) => cell.questions !== undefined);
  if (asked.length === 0) {
    return {
      rows: speedupRows(result.cells, "p50"),
      title: "gRPC speedup at p50",
      subtitle: "REST p50 / gRPC p50 per cell, × (> 1: gRPC faster)",
    };
  }
  const rows: SpeedupRow[] = [];
  const wheres = new Set<string>();
  for (const cell of asked) {
    const p50 = cell.questions!.latency.p50;
    // A cell without a latency figure has no bar: its own-load p50 answers another question.
    if (!p50) continue;
    rows.push(speedupRowOf(cell, p50));
    wheres.add(latencyWhere(cell, cell.questions!, result.spec));
  }
  const where = [...wheres].join(" or ");
  return {
    rows,
    title: `gRPC speedup at p50, ${where}`,
    subtitle: `REST p50 / gRPC p50 at ${where}, per cell, × (> 1: gRPC faster)`,
  };
}
