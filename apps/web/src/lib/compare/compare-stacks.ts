import { layerRowsOf, stackRowsOf } from "@relix/core/render/stacks";
import { stackIds } from "@relix/core/stacks/stacks";
import type { CompareCell } from "./compare-rows";

// Runs with stacks, lined up: per cell, each stack's p50 and each layer step's ratio in every run,
// so a change of framework or codec between two runs shows as a rung that moved.

export interface CompareStackRow {
  /** "h2c p50, ms" or "transport: node → h2c". */
  label: string;
  kind: "stack" | "layer";
  /** Pre-formatted per run, in URL order; "–" where that run did not measure it. */
  values: string[];
}

export interface CompareStackCell {
  key: string;
  title: string;
  rows: CompareStackRow[];
}

const ratioText = (ci: { estimate: number; low: number; high: number; degenerate: boolean }) =>
  ci.degenerate
    ? `${ci.estimate.toFixed(2)}x (1 trial)`
    : `${ci.estimate.toFixed(2)}x [${ci.low.toFixed(2)}–${ci.high.toFixed(2)}]`;

/** The cells that any run measured through stacks beyond express and grpc-js; [] when none did. */
export function compareStackCells(cells: readonly CompareCell[]): CompareStackCell[] {
  return cells
    .filter((cell) => cell.runs.some((c) => (c?.stacks?.length ?? 0) > 0))
    .map((cell) => {
      const stackRows = cell.runs.map((c) => (c ? stackRowsOf(c) : []));
      const layerRows = cell.runs.map((c) => (c ? layerRowsOf(c) : []));
      const stacks = stackIds.filter((id) => stackRows.some((rows) => rows.some((r) => r.stack === id)));
      const steps = [...new Map(layerRows.flat().map((l) => [`${l.layer}: ${l.from} → ${l.to}`, l] as const)).keys()];
      return {
        key: cell.key,
        title: cell.title,
        rows: [
          ...stacks.map((stack) => ({
            label: `${stack} p50, ms`,
            kind: "stack" as const,
            values: stackRows.map((rows) => {
              const row = rows.find((r) => r.stack === stack);
              return row && row.measure.latencyMs.count > 0 ? row.measure.latencyMs.p50.toFixed(3) : "–";
            }),
          })),
          ...steps.map((step) => ({
            label: step,
            kind: "layer" as const,
            values: layerRows.map((rows) => {
              const layer = rows.find((l) => `${l.layer}: ${l.from} → ${l.to}` === step);
              return layer?.ratio ? ratioText(layer.ratio) : "–";
            }),
          })),
        ],
      };
    });
}
