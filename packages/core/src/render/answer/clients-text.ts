// The clients' sections of the terminal report and the Markdown export (clients.ts computes them):
// the tools beside one client for both, where a cell was measured both ways, and CPU per call at
// both ends for every cell.
import type { RunResult } from "../../result/result-schema";
import type { Styles } from "../terminal/ansi";
import {
  CALLER_COSTS_LEGEND,
  callerCostsSource,
  CLIENT_VIEWS_LEGEND,
  clientViewRows,
  CPU_PER_CALL_LEGEND,
  cpuMsText,
  cpuPerCallRows,
  toolsAloneLines,
  type CpuPerCallRow,
} from "./clients";
import type { Table } from "../markdown/stacks-markdown";
import { renderTable, type Column } from "../terminal/text-table";

const VIEW_HEADERS = ["cell", "tools", "tools' p50 speedup", "one client", "its p50 speedup"] as const;
const CPU_HEADERS = ["cell", "protocol", "client", "client ms", "server ms", "total ms"] as const;

const cpuTexts = (row: CpuPerCallRow): string[] => [
  row.cell,
  row.protocol,
  row.client,
  cpuMsText(row.cpu.client),
  cpuMsText(row.cpu.server),
  cpuMsText(row.cpu.total),
];

export function clientsTerminalSection(result: RunResult, s: Styles): string[] {
  const views = clientViewRows(result);
  const alone = toolsAloneLines(result);
  const cpu = cpuPerCallRows(result);
  const viewColumns: Column[] = VIEW_HEADERS.map((header, i) => ({
    header,
    ...(i === 2 || i === 4 ? { align: "right" as const } : {}),
  }));
  const cpuColumns: Column[] = CPU_HEADERS.map((header, i) => ({
    header,
    ...(i >= 3 ? { align: "right" as const } : {}),
  }));
  return [
    ...(views.length > 0
      ? [
          "",
          s.bold("Clients: the tools beside one client for both"),
          ...renderTable(
            viewColumns,
            views.map((v) => [v.cell, v.tools, v.toolsSpeedup, v.equal, v.equalSpeedup]),
          ),
          ...views.flatMap((v) => [`${v.cell}:`, ...v.steps.map((step) => `  - ${step}`)]),
          s.dim(CLIENT_VIEWS_LEGEND),
        ]
      : []),
    ...(alone.length > 0 ? ["", s.bold("Clients: the tools alone"), ...alone.map((line) => `  - ${line}`)] : []),
    ...(cpu.length > 0
      ? [
          "",
          s.bold("CPU per call, both ends"),
          ...renderTable(cpuColumns, cpu.map(cpuTexts)),
          s.dim(CPU_PER_CALL_LEGEND),
        ]
      : []),
  ];
}

export function clientsMarkdown(result: RunResult, table: Table): string[] {
  const views = clientViewRows(result);
  const alone = toolsAloneLines(result);
  const cpu = cpuPerCallRows(result);
  return [
    ...(views.length > 0
      ? [
          "",
          "## Clients: the tools beside one client for both",
          "",
          ...table(
            VIEW_HEADERS,
            ["l", "l", "r", "l", "r"],
            views.map((v) => [v.cell, v.tools, v.toolsSpeedup, v.equal, v.equalSpeedup]),
          ),
          "",
          ...views.flatMap((v) => [`- ${v.cell}:`, ...v.steps.map((step) => `  - ${step}`)]),
          "",
          CLIENT_VIEWS_LEGEND,
        ]
      : []),
    ...(alone.length > 0 ? ["", "## Clients: the tools alone", "", ...alone.map((line) => `- ${line}`)] : []),
    ...(cpu.length > 0
      ? [
          "",
          "## CPU per call, both ends",
          "",
          ...table(CPU_HEADERS, ["l", "l", "l", "r", "r", "r"], cpu.map(cpuTexts)),
          "",
          CPU_PER_CALL_LEGEND,
        ]
      : []),
  ];
}

/** Each workload's caller sentences, one line per runtime, under the workload's name. */
function callerLines(result: RunResult): string[] {
  const record = result.callerCosts;
  if (!record) return [];
  return record.workloads.flatMap((w) => [`${w.workload}:`, ...w.runtimes.map((r) => `  - ${r.sentence}`)]);
}

export function callerCostsTerminalSection(result: RunResult, s: Styles): string[] {
  const record = result.callerCosts;
  if (!record) return [];
  return [
    "",
    s.bold(`What a caller pays · ${callerCostsSource(record)}`),
    ...callerLines(result),
    s.dim(CALLER_COSTS_LEGEND),
  ];
}

export function callerCostsMarkdown(result: RunResult): string[] {
  const record = result.callerCosts;
  if (!record) return [];
  const lines = record.workloads.flatMap((w) => [
    `- \`${w.workload}\`: ${w.runtimes.map((r) => r.sentence).join("; ")}`,
  ]);
  return ["", "## What a caller pays", "", `${callerCostsSource(record)}.`, "", ...lines, "", CALLER_COSTS_LEGEND];
}
