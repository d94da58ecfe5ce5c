// What every report says about network placements, computed once so the terminal table, Markdown,
// CSV and the web app read alike: cells grouped by placement, a heading per placement with its
// target and measured RTT (or why it was refused), a verdict in words per workload across the
// placements, and the emulator's own cost. A result measured on loopback alone (every result
// written before placements existed) has no groups and renders as it always did.
import {
  cellPlacement,
  type EmulatorOverhead,
  type PlacementName,
  type PlacementRecord,
} from "../../network/placements";
import type { CellResult, RunResult } from "../../result/result-schema";
import { noWinnerWords, structuredVerdictFor } from "../verdicts/verdict-text";
import { formatMs, formatRps } from "../format";

export { cellPlacement };

export interface PlacementGroup {
  name: PlacementName;
  /** Absent when the result has cells under a placement it has no record of. */
  record?: PlacementRecord;
  cells: CellResult[];
}

/** Whether the report should show placements at all: more than loopback was asked for. */
export function hasPlacements(result: Pick<RunResult, "placements" | "cells">): boolean {
  const named = new Set<string>([...(result.placements ?? []).map((p) => p.name), ...result.cells.map(cellPlacement)]);
  return named.size > 1 || (named.size === 1 && !named.has("loopback"));
}

/** The cells per placement in the run's order (refused ones included, with no cells); [] when there are none to show. */
export function placementGroups(result: Pick<RunResult, "placements" | "cells">): PlacementGroup[] {
  if (!hasPlacements(result)) return [];
  const names: PlacementName[] = [...(result.placements ?? []).map((p) => p.name)];
  for (const cell of result.cells) if (!names.includes(cellPlacement(cell))) names.push(cellPlacement(cell));
  return names.map((name) => {
    const record = result.placements?.find((p) => p.name === name);
    return { name, ...(record ? { record } : {}), cells: result.cells.filter((c) => cellPlacement(c) === name) };
  });
}

const rtt = (ms: number) => (ms >= 10 ? `${+ms.toFixed(1)} ms` : `${+ms.toFixed(3)} ms`);

/** The RTT a placement's cells were measured at: the measured one, else its target. */
export function placementRttMs(record: PlacementRecord | undefined): number | null {
  if (!record) return null;
  return record.measuredRttMs ?? record.targetRttMs;
}

/** "cross-region · target 147 ms RTT · measured 147.8 ms (toxiproxy)"; a refused one ends in REFUSED (its reason: refusalReason). */
export function describePlacement(group: Pick<PlacementGroup, "name" | "record">): string {
  const { name, record } = group;
  if (!record) return `${name} · no record of this placement in the result`;
  const extras = [
    record.jitterMs > 0 ? `jitter ${rtt(record.jitterMs)}` : "",
    record.bandwidthMbps !== null ? `${record.bandwidthMbps} Mbit/s each way` : "",
  ].filter(Boolean);
  const target = name === "loopback" ? "nothing added" : `target ${rtt(record.targetRttMs)} RTT`;
  const measured =
    record.measuredRttMs === null
      ? "RTT not measured"
      : `measured ${rtt(record.measuredRttMs)}${record.emulator === "none" ? "" : ` (${[record.emulator, record.emulatorVersion].filter(Boolean).join(" ")})`}`;
  const checks = [
    record.toleranceMs !== undefined && name !== "loopback" ? `tolerance ±${rtt(record.toleranceMs)}` : "",
    record.measuredConnectMs != null ? `TCP connect ${rtt(record.measuredConnectMs)}` : "",
    record.emulatorCost?.cpuPerPacketUs != null
      ? `emulator ${record.emulatorCost.cpuPerPacketUs.toFixed(1)} µs CPU per packet`
      : "",
  ].filter(Boolean);
  const head = [name, target, ...extras, measured, ...checks].join(" · ");
  return record.status === "refused" ? `${head} · REFUSED` : head;
}

/** Why a placement was refused, for the line under its heading; null when it was measured. */
export function refusalReason(group: Pick<PlacementGroup, "record">): string | null {
  if (group.record?.status !== "refused") return null;
  return group.record.reason ?? "no reason recorded";
}

/** "gRPC 1.90x faster at 147.8 ms RTT", "no significant difference on loopback"; from the cell's p50 comparison. */
export function placementVerdict(cell: CellResult, record: PlacementRecord | undefined): string {
  const p50 = cell.comparisons.find((c) => c.metric === "p50");
  const name = cellPlacement(cell);
  const rttMs = placementRttMs(record);
  const where = name === "loopback" ? "on loopback" : rttMs === null ? `at ${name}` : `at ${rtt(rttMs)} RTT (${name})`;
  if (!p50) return `not compared ${where}`;
  const v = structuredVerdictFor({ metric: "p50", ci: p50.ci });
  const oneTrial = v.degenerate ? " (1 trial)" : "";
  if (v.winner === "none") {
    const none = v.withinEmulatorPrecision ? "no difference beyond the emulator's precision" : noWinnerWords(v);
    // A withheld winner: what this run saw, said as no more than that.
    const seen = v.leaning
      ? ` (${v.leaning === "grpc" ? "gRPC" : "REST"} ${v.factor.toFixed(2)}x faster in this run)`
      : "";
    return `${none} ${where}${oneTrial}${seen}`;
  }
  return `${v.winner === "grpc" ? "gRPC" : "REST"} ${v.factor.toFixed(2)}x faster ${where}${oneTrial}`;
}

export interface WorkloadPlacementVerdict {
  workload: string;
  cacheMode: CellResult["cacheMode"];
  /** "item.get (warm): gRPC 1.90x faster at 147.8 ms RTT (cross-region), no significant difference on loopback" */
  text: string;
}

/** One sentence per workload x cache mode across the placements it was measured under, p50 speedups. */
export function placementVerdicts(result: Pick<RunResult, "placements" | "cells">): WorkloadPlacementVerdict[] {
  const groups = placementGroups(result);
  if (groups.length === 0) return [];
  const keys: Array<Pick<CellResult, "workload" | "cacheMode">> = [];
  for (const cell of result.cells) {
    if (!keys.some((k) => k.workload === cell.workload && k.cacheMode === cell.cacheMode)) keys.push(cell);
  }
  return keys.map(({ workload, cacheMode }) => {
    const parts = groups.flatMap((group) =>
      group.cells
        .filter((c) => c.workload === workload && c.cacheMode === cacheMode)
        .map((c) => placementVerdict(c, group.record)),
    );
    const label = cacheMode === "none" ? workload : `${workload} (${cacheMode})`;
    return { workload, cacheMode, text: `${label}: ${parts.join(", ")}` };
  });
}

/** The emulator's own cost in one line per protocol, direct against proxied with nothing applied. */
export function describeEmulatorOverhead(
  overhead: EmulatorOverhead | undefined,
  records: readonly PlacementRecord[] = [],
): string[] {
  // What a packet-level link leaves out is the same for every placement: said once.
  const limits = records.find((r) => r.notReproduced)?.notReproduced;
  const notReproduced = limits ? [`Not reproduced: ${limits}`] : [];
  const fellBack = records.find((r) => r.emulatorReason)?.emulatorReason;
  const why = fellBack ? [`Why ${records.find((r) => r.emulatorReason)!.emulator}: ${fellBack}`] : [];
  if (!overhead) return [...why, ...notReproduced];
  // A packet emulator is a link the calls cross, not a proxy they go through.
  const through = overhead.emulator === "packet-delay" ? "across the link" : "proxied";
  const sides = Object.entries(overhead.protocols).map(([protocol, { direct, proxied }]) => {
    const label = protocol === "rest" ? "REST" : protocol === "grpc" ? "gRPC" : protocol;
    const added = proxied.p50Ms - direct.p50Ms;
    return (
      `${label} p50 ${formatMs(direct.p50Ms)} ms direct, ${formatMs(proxied.p50Ms)} ms ${through} ` +
      `(${added >= 0 ? "+" : ""}${formatMs(added)} ms), ${formatRps(direct.rps)} -> ${formatRps(proxied.rps)} req/s`
    );
  });
  const zero = overhead.zeroDelay
    ? [
        `Round trip with nothing applied: ${rtt(overhead.zeroDelay.bareRttMs)} on the bare link, ${rtt(overhead.zeroDelay.throughEmulatorRttMs)} through the emulator holding nothing`,
      ]
    : [];
  return [
    `Emulator's own cost (${overhead.emulator} with nothing applied, on noop; every emulated placement carries it): ${sides.join("; ")}`,
    ...zero,
    ...why,
    ...notReproduced,
  ];
}
