import type { CacheMode } from "@relix/core/calls/cache-mode";
import { estimateMeasuringMs } from "@relix/core/presets/measuring-time";
import { sweepSchema } from "@relix/core/sweep/sweep-spec";
import { estimateRunMs, type CatalogEntry, type SpecFields } from "./spec-form";

/**
 * What a swept run may take, by the same estimate the runner and `pnpm bench` refuse a run with:
 * every grid point, a list axis replacing the spec's own list, and the worst case of the crossover
 * search's budget, so an upper bound. Without a sweep, the form's plain estimate.
 */
export function estimateSweepRunMs(fields: SpecFields, catalog: readonly CatalogEntry[]): number {
  if (!fields.sweep) return estimateRunMs(fields, catalog);
  const sweep = sweepSchema.parse(fields.sweep);
  // The form has checked the cache modes against the runner's list.
  const cacheModes = fields.cacheModes as CacheMode[];
  return estimateMeasuringMs({ ...fields, cacheModes, sweep }) ?? estimateRunMs(fields, catalog);
}
