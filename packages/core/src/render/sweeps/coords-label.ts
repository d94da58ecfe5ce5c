import { bareValue } from "./crossover-text";
import type { SweepCoords } from "../../sweep/sweep-result";

/**
 * Where a swept cell sits, for a progress line: "records=1,000", "payloadBytes=48.0 KiB, connections=8",
 * with "refining" after a point the crossover search added. Empty for a cell with no knobs.
 */
export function sweepPointLabel(coords: SweepCoords | undefined, refinement = false): string {
  const parts = Object.entries(coords ?? {}).map(([dimension, value]) => {
    if (typeof value !== "number") return `${dimension}=${value}`;
    return `${dimension}=${bareValue(dimension, value)}`;
  });
  if (parts.length === 0) return refinement ? "refining" : "";
  return `${parts.join(", ")}${refinement ? " (refining)" : ""}`;
}
