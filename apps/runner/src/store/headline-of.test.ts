import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeQuestionsResult } from "@relix/core/testing/questions-fixture";
import { headlineOf } from "./headline";

// A list shows the headline's verdict coloured by its winner: the two must name the same side.

describe("headlineOf", () => {
  it("takes the factor and the winner of a cell that asked the questions from its latency p50", () => {
    const result = makeQuestionsResult();
    const cell = result.cells[0]!;
    const latency = cell.questions!.latency.p50!;
    // noop: gRPC about 1.9x faster at 8 in flight, REST sooner at one call in flight.
    expect(cell.comparisons.find((c) => c.metric === "p50")!.winner).toBe("grpc");
    expect(headlineOf(result)).toMatchObject({
      metric: "p50",
      speedup: latency.ci.estimate,
      low: latency.ci.low,
      high: latency.ci.high,
      winner: "rest",
      verdict: cell.questions!.text,
    });
  });

  it("keeps a result written before the questions as it was: its own p50 comparison", () => {
    const result = makeRunResult({ spec: { workloads: ["noop"] } });
    const p50 = result.cells[0]!.comparisons.find((c) => c.metric === "p50")!;
    expect(result.cells[0]!.questions).toBeUndefined();
    expect(headlineOf(result)).toMatchObject({ metric: "p50", speedup: p50.ci.estimate, winner: p50.winner });
  });
});
