import type { Placement } from "@relix/core/network/placements";
import type { StackId } from "@relix/core/stacks/stacks";
import { estimateRunMs, type CatalogEntry, type SpecFields } from "./spec-form";
import { gridPointsOf, isNumericSweep } from "./sweep-form";

/** Points the crossover search may add when the form does not say (the spec's default budget). */
export const DEFAULT_REFINE_POINTS = 8;

/**
 * What a swept run may take: a list axis replaces the spec's own list (placements, stacks or cache
 * modes), each value of a numeric axis is a whole run of the cells, and the crossover search may add
 * up to its budget of points on top, so this is an upper bound. Without a sweep, the plain estimate.
 */
export function estimateSweepRunMs(fields: SpecFields, catalog: readonly CatalogEntry[]): number {
  const sweep = fields.sweep;
  if (!sweep) return estimateRunMs(fields, catalog);
  const listed = { ...fields };
  let numericPoints = 1;
  for (const axis of sweep.axes) {
    if (isNumericSweep(axis.dimension)) numericPoints *= axis.values.length;
    else if (axis.dimension === "network") listed.network = axis.values as Placement[];
    else if (axis.dimension === "stacks") listed.stacks = axis.values as StackId[];
    else if (axis.dimension === "cacheModes") listed.cacheModes = axis.values as string[];
  }
  const grid = estimateRunMs(listed, catalog) * numericPoints;
  const perPoint = grid / gridPointsOf(sweep);
  const refine = sweep.axes.some((a) => isNumericSweep(a.dimension)) ? DEFAULT_REFINE_POINTS * perPoint : 0;
  return grid + refine;
}
