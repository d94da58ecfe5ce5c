import { describe, expect, it } from "vitest";
import type { Answer } from "./answer";
import { answerMarkdownLines, answerTerminalLines } from "./answer-text";
import { styles } from "../terminal/ansi";

const answer: Answer = {
  question: "Is gRPC faster than REST for noop?",
  headlines: ["REST answers 1.65x sooner; gRPC serves 1.96x the calls per core"],
  more: 0,
  picture: "speedup",
  why: null,
  caveats: [],
  trust: "Nothing found that changes these verdicts.",
};
const plain = styles(false);
const picture = (lines: string[]) => lines.find((l) => l.includes("Picture:"));

describe("the answer's picture line", () => {
  it("points a result written before the questions at its p50 speedup column, as it did", () => {
    expect(picture(answerTerminalLines(answer, plain))).toBe("  Picture: the p50 speedup column of the results below");
    expect(picture(answerMarkdownLines(answer))).toBe("**Picture:** the p50 speedup column of the results below.");
  });

  it("with both figures above, names the load of the speedup column and calls it under saturation", () => {
    expect(picture(answerTerminalLines(answer, plain, ["  figures"], "@8"))).toBe(
      "  Picture: the latency and capacity figures above; the p50 speedup @8 column of the results below is under saturation (queueing, not latency alone)",
    );
    expect(picture(answerMarkdownLines(answer, ["| figures |"]))).toBe(
      "**Picture:** the latency and capacity figures above; the p50 speedup column of the results below is at each cell's own load.",
    );
  });

  it("leaves another kind of picture where it was", () => {
    expect(picture(answerTerminalLines({ ...answer, picture: "sweep" }, plain, ["  figures"], "@8"))).toBe(
      "  Picture: the sweep's grid and crossovers below",
    );
  });
});
