import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CellResult } from "@relix/core/result/result-schema";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeQuestionsResult } from "@relix/core/testing/questions-fixture";
import { CompareCellsTable } from "./CompareCellsTable";

/** The class the verdict's colour comes from: "winner-grpc", "winner-rest" or "winner-none". */
function verdictClass(cell: CellResult): string | undefined {
  const html = renderToStaticMarkup(
    <CompareCellsTable cells={[{ key: "k", title: "noop", runs: [cell] }]} runNames={["a"]} />,
  );
  return html.match(/class="(winner-[a-z]+)"/)?.[1];
}

describe("CompareCellsTable", () => {
  it("colours a verdict of the two questions by its latency winner, not by the p50 at the cell's own load", () => {
    const cell = makeQuestionsResult().cells[0]!;
    // noop: gRPC about 1.9x faster at 8 in flight; REST answers sooner at one call in flight.
    expect(cell.comparisons.find((c) => c.metric === "p50")!.winner).toBe("grpc");
    expect(cell.questions!.latency.p50!.winner).toBe("rest");
    expect(verdictClass(cell)).toBe("winner-rest");
  });

  it("keeps a result written before the questions coloured by its p50", () => {
    const cell = makeRunResult({ spec: { workloads: ["noop"] } }).cells[0]!;
    const p50 = cell.comparisons.find((c) => c.metric === "p50")!;
    expect(cell.questions).toBeUndefined();
    expect(verdictClass(cell)).toBe(`winner-${p50.winner}`);
  });
});
