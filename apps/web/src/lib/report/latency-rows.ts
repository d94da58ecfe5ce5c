import type { CellResult, ProtocolSummary } from "@relix/core/result/result-schema";
import { formatMsNumber } from "../format";

// The p50 / p99 rows of a cell's key figures: one row for a closed loop; for an open loop whose
// result holds latency corrected for coordinated omission, the raw row and the corrected one, each
// labelled so a reader knows which is which.

export type KeyRow = [label: string, rest: string, grpc: string];

const pair = (summary: ProtocolSummary["latencyMs"] | undefined): string =>
  summary && summary.count > 0 ? `${formatMsNumber(summary.p50)} / ${formatMsNumber(summary.p99)}` : "–";

export function latencyKeyRows(cell: Pick<CellResult, "rest" | "grpc">): KeyRow[] {
  const corrected = cell.rest.correctedLatencyMs !== undefined || cell.grpc.correctedLatencyMs !== undefined;
  if (!corrected) return [["p50 / p99, ms", pair(cell.rest.latencyMs), pair(cell.grpc.latencyMs)]];
  return [
    ["p50 / p99 raw (from actual send), ms", pair(cell.rest.latencyMs), pair(cell.grpc.latencyMs)],
    [
      "p50 / p99 corrected (from intended send), ms",
      pair(cell.rest.correctedLatencyMs),
      pair(cell.grpc.correctedLatencyMs),
    ],
  ];
}
