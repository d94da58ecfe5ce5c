import { describe, expect, it } from "vitest";
import { describeRow } from "../sweeps/crossover-text";
import type { SweepPoint } from "../../sweep/sweep-result";
import { makeRunResult } from "../../testing/result-fixture";
import { renderMarkdownReport } from "../markdown/markdown";
import { SWEEP_LEGEND, sweepCoordsLabel, sweepGrids, sweepLegend } from "./sweep-table";
import { renderTableReport } from "./table";

const ci = (estimate: number) => ({
  ratio: "rest/grpc" as const,
  estimate,
  low: estimate * 0.9,
  high: estimate * 1.1,
  confidence: 0.95,
  degenerate: false,
});

const point = (records: number, network: string, speedup: number, refinement = false): SweepPoint => ({
  coords: { records, network },
  workload: "item.list",
  p50: ci(speedup),
  winner: speedup > 1.2 ? "grpc" : speedup < 0.8 ? "rest" : "none",
  verdict: "",
  refinement,
});

function sweptResult() {
  const result = makeRunResult({ spec: { workloads: ["item.list"] } });
  const points = [
    point(1, "loopback", 0.5),
    point(1000, "loopback", 0.6),
    point(10000, "loopback", 2),
    point(3162, "loopback", 1.5, true),
    point(1, "cross-region", 1.5),
    point(1000, "cross-region", 1.6),
    point(10000, "cross-region", 3),
  ];
  const samples = (network: string) =>
    points
      .filter((p) => p.coords.network === network)
      .map((p) => ({ value: p.coords.records as number, winner: p.winner }));
  return {
    ...result,
    spec: {
      ...result.spec,
      sweep: {
        axes: [
          { dimension: "records" as const, values: [1, 1000, 10000] },
          { dimension: "network" as const, values: ["loopback" as const, "cross-region" as const] },
        ],
        refine: { resolution: 1.25, maxPoints: 8 },
      },
    },
    sweep: {
      points,
      crossovers: ["loopback", "cross-region"].flatMap((network) =>
        describeRow({ workload: "item.list", dimension: "records", row: { network }, samples: samples(network) }),
      ),
      stoppedEarly: "the refinement budget (8 points) was spent",
    },
  };
}

describe("the sweep grid", () => {
  it("lays the searched axis out as rows, refinements in order and marked, the other axis as columns", () => {
    const [grid] = sweepGrids(sweptResult());
    expect(grid!.header).toEqual(["records", "loopback", "cross-region"]);
    expect(grid!.rows.map((r) => r[0])).toEqual(["1 record", "1,000 records", "3,162 records *", "10,000 records"]);
    expect(grid!.rows[0]).toEqual(["1 record", "0.50x [0.45-0.55] REST", "1.50x [1.35-1.65] gRPC"]);
    expect(grid!.rows[2]![2]).toBe("-");
  });

  it("is in the terminal and Markdown reports with the crossover sentences", () => {
    const terminal = renderTableReport(sweptResult());
    expect(terminal).toContain("Sweep: item.list");
    expect(terminal).toContain(
      "item.list: gRPC starts to win at about 1,800 records on loopback (between 1,000 and 3,162), and wins at every size from 1 to 10,000 records at 147 ms RTT (cross-region)",
    );
    expect(terminal).toContain("The search stopped early");
    const markdown = renderMarkdownReport(sweptResult());
    expect(markdown).toContain("## Sweep");
    expect(markdown).toContain("| records | loopback | cross-region |");
    expect(markdown).toContain("| 3,162 records * | 1.50x [1.35-1.65] gRPC | - |");
  });

  it("labels a swept cell's row in the results table with its knobs, a refined one marked", () => {
    expect(sweepCoordsLabel({ coords: { records: 1000 } })).toBe("1,000 records");
    expect(sweepCoordsLabel({ coords: { payloadBytes: 65536 }, refinement: true })).toBe("64.0 KiB *");
    expect(sweepCoordsLabel({})).toBe("");
  });

  it("is absent from a result without a sweep", () => {
    expect(renderTableReport(makeRunResult())).not.toContain("Sweep:");
  });

  it("says in the legend what a stacks axis compares, and only then", () => {
    expect(sweepLegend(undefined)).toBe(SWEEP_LEGEND);
    const stacksAxis = {
      axes: [{ dimension: "stacks" as const, values: ["node" as const, "h2c" as const] }],
      refine: { resolution: 1.25, maxPoints: 8 },
    };
    expect(sweepLegend(stacksAxis)).toMatch(/a REST stack's point is that stack's p50 \/ grpc-js p50/);
  });
});
