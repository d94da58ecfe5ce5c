import { describe, expect, it } from "vitest";
import type { RowSample, SweepWinner } from "../../sweep/crossover-search";
import { crossoverHeadline, describeRow, sweepSummaries } from "./crossover-text";
import type { Crossover } from "../../sweep/sweep-result";

const grid = [1, 10, 100, 1000, 10000];

const row = (network: string, winnerAt: (value: number) => SweepWinner | null, workload = "item.list") =>
  describeRow({
    workload,
    dimension: "records",
    row: { network },
    samples: grid.map((value): RowSample => ({ value, winner: winnerAt(value) })),
  });

const grpcFrom3000 = (v: number): SweepWinner => (v >= 3000 ? "grpc" : "rest");
const refused = (network: string) =>
  describeRow({ workload: "item.list", dimension: "records", row: { network }, samples: [] }, "placement refused");

describe("a workload's summary", () => {
  it("is a row's own sentence when the workload has one row", () => {
    const rows = row("loopback", grpcFrom3000);
    expect(sweepSummaries({ crossovers: rows })).toEqual([`item.list: ${rows[0]!.text}`]);
    expect(rows[0]!.text).toBe("gRPC starts to win at about 3,200 records on loopback (between 1,000 and 10,000)");
  });

  it("names a side once for three rows it wins, the verb once where it does not change", () => {
    const rows = [
      ...row("loopback", () => "rest"),
      ...row("same-zone", () => "rest"),
      ...row("cross-region", (v) => (v >= 1000 ? "rest" : "none")),
    ];
    expect(sweepSummaries({ crossovers: rows })).toEqual([
      "item.list: REST wins at every size from 1 to 10,000 records on loopback, at every size from 1 to 10,000 records at 0.5 ms RTT (same-zone), and from 1,000 records up at 147 ms RTT (cross-region), with no significant difference below (from 1 record to 100 records)",
    ]);
  });

  it("keeps the verb where it changes, and gives another side or a tie its own clause", () => {
    const rows = [
      ...row("loopback", grpcFrom3000),
      ...row("cross-region", () => "grpc"),
      ...row("same-zone", () => "rest"),
      ...row("mobile", () => "none"),
    ];
    expect(sweepSummaries({ crossovers: rows })).toEqual([
      "item.list: gRPC starts to win at about 3,200 records on loopback (between 1,000 and 10,000), and wins at every size from 1 to 10,000 records at 147 ms RTT (cross-region); REST wins at every size from 1 to 10,000 records at 0.5 ms RTT (same-zone); no significant difference at any size from 1 to 10,000 records at 60 ms RTT (mobile)",
    ]);
  });

  it("does not join a side's rows across a row without a verdict", () => {
    const rows = [
      ...row("loopback", () => "rest"),
      ...refused("same-zone"),
      ...row("cross-region", (v) => (v >= 1000 ? "rest" : "none")),
    ];
    expect(sweepSummaries({ crossovers: rows })).toEqual([
      "item.list: REST wins at every size from 1 to 10,000 records on loopback; no verdict at 0.5 ms RTT (same-zone): placement refused; REST wins from 1,000 records up at 147 ms RTT (cross-region), with no significant difference below (from 1 record to 100 records)",
    ]);
  });

  it("leaves each row's stored sentence whole, and gives each workload its own line", () => {
    const rows = [
      ...row("loopback", () => "rest"),
      ...row("cross-region", () => "rest"),
      ...row("loopback", grpcFrom3000, "echo"),
    ];
    expect(rows.map((c) => c.text)).toEqual([
      "REST wins at every size from 1 to 10,000 records on loopback",
      "REST wins at every size from 1 to 10,000 records at 147 ms RTT (cross-region)",
      "gRPC starts to win at about 3,200 records on loopback (between 1,000 and 10,000)",
    ]);
    expect(sweepSummaries({ crossovers: rows })).toEqual([
      "item.list: REST wins at every size from 1 to 10,000 records on loopback, and at every size from 1 to 10,000 records at 147 ms RTT (cross-region)",
      "echo: gRPC starts to win at about 3,200 records on loopback (between 1,000 and 10,000)",
    ]);
  });

  it("still summarises a result whose sentences were worded otherwise, such a sentence standing alone", () => {
    const older: Crossover[] = [
      { ...row("loopback", () => "rest")[0]!, text: "REST wins at every size from 1 to 10,000 records on loopback" },
      { ...row("cross-region", () => "rest")[0]!, text: "REST, at every size, at 147 ms RTT" },
    ];
    expect(sweepSummaries({ crossovers: older })).toEqual([
      "item.list: REST wins at every size from 1 to 10,000 records on loopback; REST, at every size, at 147 ms RTT",
    ]);
  });
});

describe("a crossover's headline", () => {
  it("says who starts to win and about where, without the row or the bracket", () => {
    expect(crossoverHeadline(row("loopback", grpcFrom3000)[0]!)).toBe("gRPC starts to win at about 3,200 records");
    const none = row("loopback", () => "rest")[0]!;
    expect(crossoverHeadline(none)).toBe(none.text);
  });
});
