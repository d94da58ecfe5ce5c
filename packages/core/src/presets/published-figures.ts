import { findWorkload } from "../catalog/catalog";
import type { PlacementName } from "../network/placements";
import { cellPlacement } from "../network/placements";
import type { CellResult, Protocol, PublishedFigure, RunResult } from "../result/result-schema";
import type { CellCacheMode, Preset, PublishedFigureDefinition, PublishedMeasure } from "./preset";
import { cellThroughPair, labelBesidePair, publishedPairsOf } from "./pair-cells";
import { findPreset, getPreset } from "./presets";

/** A published figure with its measured twin, and the cell it belongs to. */
export interface PlacedPublishedFigure extends PublishedFigure {
  workload: string;
  cacheMode: CellCacheMode;
  placement: PlacementName;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function sameCell(
  cell: Pick<CellResult, "workload" | "cacheMode" | "placement">,
  workload: string,
  cacheMode: CellCacheMode,
  placement: PlacementName,
): boolean {
  if (cell.workload !== workload || cellPlacement(cell) !== placement) return false;
  // A workload that never reads through the cache has one cell whatever its label says.
  return cell.cacheMode === cacheMode || findWorkload(workload)?.usesCache === false;
}

function latency(
  cell: CellResult,
  protocol: Protocol,
  pick: (l: CellResult["rest"]["latencyMs"]) => number,
): number | null {
  const summary = cell[protocol].latencyMs;
  // A side with no successful call has no latency: 0 would read as "infinitely fast".
  return summary.count > 0 ? pick(summary) : null;
}

function cacheImprovementPct(cells: readonly CellResult[], of: CellResult, protocol: Protocol): number | null {
  const twin = (mode: "warm" | "cold") =>
    cells.find((c) => c.workload === of.workload && c.cacheMode === mode && cellPlacement(c) === cellPlacement(of));
  const warm = twin("warm");
  const cold = twin("cold");
  if (!warm || !cold) return null;
  const warmMean = latency(warm, protocol, (l) => l.mean);
  const coldMean = latency(cold, protocol, (l) => l.mean);
  if (warmMean === null || coldMean === null || coldMean === 0) return null;
  return Math.round(((coldMean - warmMean) / coldMean) * 1000) / 10;
}

/** The measured value of one figure for one protocol, in the figure's unit; null when not measurable. */
export function measuredValue(
  measure: PublishedMeasure,
  cell: CellResult,
  protocol: Protocol,
  cells: readonly CellResult[],
): number | null {
  switch (measure) {
    case "meanMs":
      return latency(cell, protocol, (l) => l.mean);
    case "p50Ms":
      return latency(cell, protocol, (l) => l.p50);
    case "p99Ms":
      return latency(cell, protocol, (l) => l.p99);
    case "rps":
      return cell[protocol].rps;
    case "msPer200Calls":
      return latency(cell, protocol, (l) => round3(l.mean * 200));
    case "requestBodyBytes":
      return cell.payload[protocol].requestBodyBytes;
    case "responseBodyBytes":
      return cell.payload[protocol].responseBodyBytes;
    case "cacheImprovementPct":
      return cacheImprovementPct(cells, cell, protocol);
  }
}

/** Payload sizes do not depend on how many calls are in flight; every timing does. */
const dependsOnLoad = (measure: PublishedMeasure) => measure !== "requestBodyBytes" && measure !== "responseBodyBytes";

function sequentialOnlyNote(connections: number): string {
  return `Not compared: the study timed one call at a time, and this run kept ${connections} calls in flight per protocol; run with --connections 1 to compare it.`;
}

const definitionPlacement = (definition: PublishedFigureDefinition): PlacementName =>
  definition.placement ?? "loopback";

function toFigure(
  definition: PublishedFigureDefinition,
  cell: CellResult,
  cells: readonly CellResult[],
  restCell: CellResult | undefined,
): PlacedPublishedFigure {
  return {
    workload: definition.workload,
    cacheMode: definition.cacheMode,
    placement: definitionPlacement(definition),
    label: definition.label,
    unit: definition.unit,
    published: { rest: definition.rest, grpc: definition.grpc },
    measured: {
      rest: restCell ? measuredValue(definition.measure, restCell, "rest", cells) : null,
      grpc: measuredValue(definition.measure, cell, "grpc", cells),
    },
    ...(definition.note === undefined ? {} : { note: definition.note }),
  };
}

/**
 * The preset's published figures beside what `cells` measured. A figure whose cell was not run is
 * left out, and so is one tied to a load level other than the run's (`runConnections`; when not
 * given, the cell's own in-flight count): comparing against another experiment would mislead.
 */
export function publishedFiguresFor(
  preset: Preset | string,
  cells: readonly CellResult[],
  runConnections?: number,
): PlacedPublishedFigure[] {
  const chosen = typeof preset === "string" ? getPreset(preset) : preset;
  const definitions = chosen.published ?? [];
  // A run across runtimes sets each figure beside each pair it measured (pair-cells.ts), the
  // headline's first, each labelled with its pair; a run of one pair reads as it always did.
  const pairs = publishedPairsOf(cells);
  if (pairs.length <= 1) return definitions.flatMap((d) => figureBeside(chosen, d, cells, runConnections));
  const seenThrough = pairs.map((pair) => ({
    pair,
    cells: cells.flatMap((cell) => cellThroughPair(cell, pair) ?? []),
  }));
  return definitions.flatMap((definition) =>
    seenThrough.flatMap(({ pair, cells: seen }) =>
      figureBeside(chosen, definition, seen, runConnections).map((figure) => ({
        ...figure,
        label: labelBesidePair(figure.label, pair),
      })),
    ),
  );
}

/** One published figure beside the REST and gRPC sides of `cells` (none when its cell was not run). */
function figureBeside(
  chosen: Preset,
  definition: PublishedFigureDefinition,
  cells: readonly CellResult[],
  runConnections?: number,
): PlacedPublishedFigure[] {
  const placement = definitionPlacement(definition);
  const cell = cells.find((c) => sameCell(c, definition.workload, definition.cacheMode, placement));
  if (!cell) return [];
  const connections = runConnections ?? cell.rest.connections.inFlight;
  if (definition.connections !== undefined && definition.connections !== connections) return [];
  const restCell =
    definition.restWorkload === undefined
      ? cell
      : cells.find((c) => sameCell(c, definition.restWorkload!, definition.cacheMode, placement));
  const figure = toFigure(definition, cell, cells, restCell);
  if (chosen.sequentialFigures && connections !== 1 && dependsOnLoad(definition.measure)) {
    const note = [sequentialOnlyNote(connections), definition.note].filter(Boolean).join(" ");
    return [{ ...figure, measured: { rest: null, grpc: null }, note }];
  }
  return [figure];
}

/** The result with each cell's `published` filled from its preset (cells without figures unchanged). */
export function withPublishedFigures(result: RunResult): RunResult {
  const preset = result.spec.preset === undefined ? undefined : findPreset(result.spec.preset);
  if (!preset?.published) return result;
  const figures = publishedFiguresFor(preset, result.cells, result.spec.connections);
  return {
    ...result,
    cells: result.cells.map((cell) => {
      const own = figures.filter((f) => sameCell(cell, f.workload, f.cacheMode, f.placement));
      if (own.length === 0) return cell;
      return {
        ...cell,
        published: own.map(({ workload: _w, cacheMode: _c, placement: _p, ...figure }) => figure),
      };
    }),
  };
}

/**
 * The figures of each placement the run asked for but refused: they have no cell to sit on, and
 * stay in the report with no measured value and the refusal as their note.
 */
function refusedPlacementFigures(result: RunResult, preset: Preset | undefined): PlacedPublishedFigure[] {
  if (!preset?.published) return [];
  return (result.placements ?? [])
    .filter((p) => p.status === "refused")
    .flatMap((record) =>
      preset
        .published!.filter((d) => definitionPlacement(d) === record.name)
        .map((definition) => ({
          workload: definition.workload,
          cacheMode: definition.cacheMode,
          placement: record.name,
          label: definition.label,
          unit: definition.unit,
          published: { rest: definition.rest, grpc: definition.grpc },
          measured: { rest: null, grpc: null },
          note: `Not measured: the ${record.name} placement was refused (${record.reason ?? "no reason recorded"}).`,
        })),
    );
}

/**
 * Every published figure of a result, with its cell: the ones stored in the cells when there are
 * any (an imported result keeps what it was written with), else computed from its preset; then the
 * figures of refused placements, unmeasured.
 */
export function publishedFiguresOfResult(result: RunResult): PlacedPublishedFigure[] {
  const preset = result.spec.preset === undefined ? undefined : findPreset(result.spec.preset);
  return [...measuredFiguresOfResult(result, preset), ...refusedPlacementFigures(result, preset)];
}

function measuredFiguresOfResult(result: RunResult, preset: Preset | undefined): PlacedPublishedFigure[] {
  const stored = result.cells.flatMap((cell) =>
    (cell.published ?? []).map((figure) => ({
      ...figure,
      workload: cell.workload,
      cacheMode: cell.cacheMode,
      placement: cellPlacement(cell),
    })),
  );
  if (stored.length > 0) return stored;
  return preset ? publishedFiguresFor(preset, result.cells, result.spec.connections) : [];
}

/**
 * gRPC's advantage in a figure, > 1 when gRPC did better (the convention of every Relix ratio):
 * REST / gRPC for times and bytes, gRPC / REST for throughput, none for percentages. Read from the
 * unit because a stored figure carries no measure.
 */
export function figureSpeedup(unit: string, rest: number | null, grpc: number | null): number | null {
  if (rest === null || grpc === null || rest <= 0 || grpc <= 0) return null;
  if (unit === "req/s") return grpc / rest;
  if (unit === "ms" || unit === "B") return rest / grpc;
  return null;
}
