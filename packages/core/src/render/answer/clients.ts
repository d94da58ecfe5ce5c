// What every report says about the clients, computed once so the terminal, Markdown and web read
// alike: for a cell measured by the tools and by one client for both, the two figures side by side
// and each side's client step; and for every cell, the CPU one call costs at each end (the client
// program's, the server's) and their sum, which is what the choice costs at scale.
import type { CallerCostsRecord } from "../../calls/caller-cost-record";
import { cellName } from "../findings/finding-names";
import { EQUAL_VIEW_CPU_FACTOR } from "../../findings/validity-rules";
import { toolsAloneReason } from "../findings/validity-findings";
import type { CellResult, ProtocolSummary, RunResult } from "../../result/result-schema";
import { cpuPerCallOf, type CpuPerCall } from "../../result/cpu-per-call";
import { formatSpeedupCI } from "../format";
import { sweepCoordsLabel } from "../terminal/sweep-table";

/** A cell's name with its sweep point and placement, as the tables name it. */
function cellLabel(cell: CellResult): string {
  const knobs = sweepCoordsLabel(cell);
  const placed = cell.placement && cell.placement !== "loopback" ? ` @ ${cell.placement}` : "";
  return `${cellName(cell)}${knobs ? ` ${knobs}` : ""}${placed}`;
}

export interface ClientViewRow {
  cell: string;
  /** "autocannon vs ghz" */
  tools: string;
  /** The tools' p50 speedup with its interval, "0.43x [0.40-0.46]". */
  toolsSpeedup: string;
  /** The equal client, "h2load". */
  equal: string;
  equalSpeedup: string;
  /** Each side's client step sentence. */
  steps: string[];
}

const p50Text = (comparisons: CellResult["comparisons"]) => {
  const p50 = comparisons.find((c) => c.metric === "p50");
  return p50 ? formatSpeedupCI(p50.ci) : "-";
};

/** The cells measured both ways, each with both figures and its client steps. */
export function clientViewRows(result: RunResult): ClientViewRow[] {
  return result.cells.flatMap((cell) => {
    const tools = cell.toolClients;
    if (!tools) return [];
    return [
      {
        cell: cellLabel(cell),
        tools: `${tools.rest.generator.tool} vs ${tools.grpc.generator.tool}`,
        toolsSpeedup: p50Text(tools.comparisons),
        equal: cell.rest.generator.tool,
        equalSpeedup: p50Text(cell.comparisons),
        steps: (cell.clientSteps ?? []).map((step) => step.text),
      },
    ];
  });
}

/**
 * The cells measured by their tools alone, and why: "noop: autocannon vs ghz alone: the tools' ...".
 * Cells with the same reason share a line (an open-loop sweep's every cell has the same refusal).
 */
export function toolsAloneLines(result: RunResult): string[] {
  const cellsByReason = new Map<string, string[]>();
  for (const cell of result.cells) {
    const reason = toolsAloneReason(cell);
    if (!reason) continue;
    const line = `${cell.rest.generator.tool} vs ${cell.grpc.generator.tool} alone: ${reason}`;
    cellsByReason.set(line, [...(cellsByReason.get(line) ?? []), cellLabel(cell)]);
  }
  return [...cellsByReason].map(([line, cells]) => `${cells.join(", ")}: ${line}`);
}

export const CLIENT_VIEWS_LEGEND = `Where the tools' CPU per call differed more than ${EQUAL_VIEW_CPU_FACTOR}x (and in every cell of a sweep or of a run with --clients both), the pair was also driven by one client program for both in the same trials: the verdict is that measurement's, the tools' figure stands beside it, and each client step is how much that side's figure moved when its tool was swapped for the equal client.`;

export interface CpuPerCallRow {
  cell: string;
  protocol: "REST" | "gRPC";
  /** The client program that drove the side. */
  client: string;
  cpu: CpuPerCall;
}

/** CPU per call of a side: the recorded figures, or (results written before) computed from its parts. */
export function cpuOfSide(measure: ProtocolSummary): CpuPerCall {
  return measure.cpuMsPerCall ?? cpuPerCallOf(measure.generator.cpuMsPerRequest, measure.server.cpuMsPer1000);
}

/** Both sides of every cell that has at least one figure at either end. */
export function cpuPerCallRows(result: RunResult): CpuPerCallRow[] {
  return result.cells.flatMap((cell) => {
    const rows = (["rest", "grpc"] as const).map((side) => ({
      cell: cellLabel(cell),
      protocol: side === "rest" ? ("REST" as const) : ("gRPC" as const),
      client: cell[side].generator.tool,
      cpu: cpuOfSide(cell[side]),
    }));
    return rows.some((row) => row.cpu.client !== null || row.cpu.server !== null) ? rows : [];
  });
}

/** "0.412" ms with three decimals, or "-" when that end was not measured. */
export const cpuMsText = (ms: number | null): string => (ms === null ? "-" : ms.toFixed(3));

export const CPU_PER_CALL_LEGEND =
  "CPU per call, ms: the client program's own CPU time per successful call and the server's (user + system, from its /stats), and their sum. The client is a load generator, not your caller: `pnpm bench:codecs` measures what callers in Node, Go and Python pay to encode and decode these messages.";

/** A workload's caller costs in the result, or null when the run's machine never measured them. */
export function callerCostsOfWorkload(
  record: CallerCostsRecord | undefined,
  workload: string,
): CallerCostsRecord["workloads"][number] | null {
  return record?.workloads.find((w) => w.workload === workload) ?? null;
}

/** "measured by pnpm bench:codecs on 2026-11-26, Intel(R) Xeon(R) Processor (2 cores), Linux ..." */
export function callerCostsSource(record: CallerCostsRecord): string {
  return `measured by pnpm bench:codecs on ${record.measuredAt.slice(0, 10)}, ${record.machine}`;
}

export const CALLER_COSTS_LEGEND =
  "What a caller pays: each runtime's CPU time to encode the request and decode the reply with the libraries its callers use by default (Node: JSON.parse/stringify and protobufjs through proto-loader; Go: encoding/json into typed structs and protobuf-go's generated code; Python: json and protobuf's upb, reading every field). The load generators above do not pay it; your callers do (docs/caller-costs.md).";
