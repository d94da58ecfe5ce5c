// A cell's p50 comparison as the short reports show it, in the terminal and on the web's first
// screen: the verdict in a few words with the faster side named and its factor above 1, the
// interval, and the client program whose figures it rests on; the full sentence stays beside it
// (a hover on the web, --verbose in the terminal).
import type { CellResult } from "../../result/result-schema";
import { verdictFiguresOf } from "../../stats/verdict";
import { estimateText, intervalText } from "./factor";
import { noWinnerWords } from "./verdict-text";

/** The client program whose figures a cell's verdict rests on ("h2load"; "autocannon vs ghz" when the tools measured it). */
export function headlineClient(cell: Pick<CellResult, "rest" | "grpc">): string {
  const rest = cell.rest.generator.tool;
  const grpc = cell.grpc.generator.tool;
  return rest === grpc ? rest : `${rest} vs ${grpc}`;
}

export interface ComparisonRow {
  /**
   * "gRPC 1.49x faster", "the same within 5% (gRPC 1.02x here)", "not enough to tell (REST 2.22x
   * here)", "no clear winner (gRPC 1.32x here)" in results written before margins, "not compared".
   */
  words: string;
  winner: "rest" | "grpc" | "none";
  /** "[1.30-1.70]", "[REST 1.18x – gRPC 2.06x]", or "(1 trial: no interval)". */
  interval: string;
  client: string;
  /** The verdict's whole sentence. */
  sentence: string;
}

export function comparisonRow(cell: CellResult): ComparisonRow {
  const p50 = cell.comparisons.find((c) => c.metric === "p50");
  const client = headlineClient(cell);
  if (!p50) return { words: "not compared", winner: "none", interval: "", client, sentence: cell.verdict };
  const interval = p50.ci.degenerate ? "(1 trial: no interval)" : intervalText(p50.ci);
  const here = estimateText(p50.ci);
  const none = noWinnerWords(verdictFiguresOf({ metric: "p50", ci: p50.ci }));
  const words =
    p50.winner !== "none"
      ? `${here} faster`
      : `${none === "no significant difference" ? "no clear winner" : none} (${here} here)`;
  return { words, winner: p50.winner, interval, client, sentence: cell.verdict };
}
