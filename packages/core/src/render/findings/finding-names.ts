// How a finding names what it is about: a cell, a side of it, a count.
import type { Protocol } from "../../domain/protocol";
import type { CellResult } from "../../result/result-schema";
import type { StackId } from "../../stacks/stacks";
import { formatInt } from "../format";

export const PROTOCOL_LABEL: Record<Protocol, string> = { rest: "REST", grpc: "gRPC" };

/** "item.get (warm)", or "noop" for a workload that never reads through the cache. */
export function cellName(cell: Pick<CellResult, "workload" | "cacheMode">): string {
  return cell.cacheMode === "none" ? cell.workload : `${cell.workload} (${cell.cacheMode})`;
}

/** "REST item.get (warm)", or "h2c item.get (warm)" for a stack beyond the default two. */
export function sideName(
  cell: Pick<CellResult, "workload" | "cacheMode">,
  protocol: Protocol,
  stack?: StackId,
): string {
  return `${stack ?? PROTOCOL_LABEL[protocol]} ${cellName(cell)}`;
}

export const plural = (n: number, word: string) => `${formatInt(n)} ${word}${n === 1 ? "" : "s"}`;
