import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeQuestionsResult } from "@relix/core/testing/questions-fixture";
import { AnswerPicture } from "@/components/report/answer/AnswerPicture";
import { answerSpeedup } from "./answer-speedup";
import { previewPicture } from "./preview-picture";

describe("the answer's speedup picture", () => {
  const asked = makeQuestionsResult();

  it("plots the latency question's p50 where the run asked it, not the p50 at the cell's own load", () => {
    const { rows, title } = answerSpeedup(asked);
    const cell = asked.cells.find((c) => c.workload === "noop")!;
    const noop = rows.find((r) => r.cell === cell.label)!;
    // At 8 in flight gRPC reads about 1.9x faster; at one call in flight REST answers sooner.
    expect(cell.comparisons.find((c) => c.metric === "p50")!.winner).toBe("grpc");
    expect(noop.speedup).toBeCloseTo(cell.questions!.latency.p50!.ci.estimate);
    expect(noop.speedup).toBeLessThan(1);
    expect(noop.winner).toBe("rest");
    expect(noop.text).toBe(cell.questions!.latency.p50!.text);
    expect(title).toBe("gRPC speedup at p50, one call in flight");
  });

  it("says where the latency was read when that was the cell's own queueing load", () => {
    const result = makeQuestionsResult();
    for (const cell of result.cells) cell.questions!.latency.load = "under-saturation";
    expect(answerSpeedup(result).title).toBe("gRPC speedup at p50, 8 in flight (under saturation)");
  });

  it("keeps a result written before the questions as it was", () => {
    const before = makeRunResult({ spec: { workloads: ["noop", "item.get"] } });
    const { rows, title } = answerSpeedup(before);
    expect(title).toBe("gRPC speedup at p50");
    expect(rows.map((r) => r.speedup)).toEqual(
      before.cells.map((c) => c.comparisons.find((x) => x.metric === "p50")!.ci.estimate),
    );
  });

  it("gives the link preview the same bars and title as the first screen", () => {
    const preview = previewPicture(asked, "speedup");
    expect(preview.kind).toBe("bars");
    if (preview.kind !== "bars") return;
    expect(preview.title).toBe("gRPC speedup at p50, one call in flight");
    const noop = asked.cells.find((c) => c.workload === "noop")!;
    expect(preview.bars.find((b) => b.label === noop.label)).toMatchObject({ winner: "rest" });
    expect(preview.bars[0]!.ratio).toBeCloseTo(noop.questions!.latency.p50!.ci.estimate);
  });

  it("titles the first screen's chart by the quantity it plots", () => {
    const html = renderToStaticMarkup(createElement(AnswerPicture, { result: asked, kind: "speedup" }));
    expect(html).toContain("gRPC speedup at p50, one call in flight, with 95% CI");
    expect(html).not.toContain("gRPC speedup at p50, with 95% CI");
  });
});
