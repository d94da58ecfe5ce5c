import { z } from "zod";
import { cacheModes } from "../calls/cache-mode";
import { placementSchema } from "../network/placements";
import { stackIdSchema } from "../stacks/stacks";
import { specBounds } from "../spec/bounds";

/**
 * Sweeps: a run may map one or two dimensions instead of measuring one point. Numeric dimensions
 * (a size, the concurrency) are knobs of the spec, set per grid point and refined by bisection where
 * the verdict changes sign; the others are the run's own list dimensions, laid out as an axis.
 */
export const numericSweepDimensions = ["records", "payloadBytes", "echoBytes", "connections"] as const;
export type NumericSweepDimension = (typeof numericSweepDimensions)[number];
export const listSweepDimensions = ["network", "stacks", "cacheModes"] as const;
export type ListSweepDimension = (typeof listSweepDimensions)[number];
export const sweepDimensions = [...numericSweepDimensions, ...listSweepDimensions] as const;
export type SweepDimension = (typeof sweepDimensions)[number];

/** What each numeric knob may take in a sweep (the same bounds as the spec's own field). */
export const numericSweepBounds: Record<NumericSweepDimension, { min: number; max: number }> = {
  /** item.list / item.stream: records in one reply. */
  records: specBounds.records,
  /** upload: bytes sent. */
  payloadBytes: specBounds.payloadBytes,
  /** echo: bytes of the message echoed. */
  echoBytes: specBounds.echoBytes,
  connections: specBounds.connections,
};

/** At most this many values on one axis, and grid points in all (refinements come on top, budgeted). */
export const MAX_SWEEP_VALUES = 12;
export const MAX_GRID_POINTS = 36;

const numericAxis = z
  .object({
    dimension: z.enum(numericSweepDimensions),
    values: z.array(z.number().int().min(1)).min(2).max(MAX_SWEEP_VALUES),
  })
  .strict()
  .superRefine((axis, ctx) => {
    const { min, max } = numericSweepBounds[axis.dimension];
    for (const [i, v] of axis.values.entries()) {
      if (v < min || v > max)
        ctx.addIssue({
          code: "custom",
          path: ["values", i],
          message: `${axis.dimension} must be from ${min} to ${max}`,
        });
      if (i > 0 && v <= axis.values[i - 1]!)
        ctx.addIssue({ code: "custom", path: ["values", i], message: "values must increase" });
    }
  });

const listAxis = z.discriminatedUnion("dimension", [
  z.object({ dimension: z.literal("network"), values: z.array(placementSchema).min(2).max(MAX_SWEEP_VALUES) }).strict(),
  z.object({ dimension: z.literal("stacks"), values: z.array(stackIdSchema).min(2).max(MAX_SWEEP_VALUES) }).strict(),
  z
    .object({ dimension: z.literal("cacheModes"), values: z.array(z.enum(cacheModes)).min(2).max(MAX_SWEEP_VALUES) })
    .strict(),
]);

export const sweepAxisSchema = z.union([numericAxis, listAxis]);
export type SweepAxis = z.infer<typeof sweepAxisSchema>;

/**
 * A spec's `sweep`: one or two axes on different dimensions, at most MAX_GRID_POINTS points.
 * `refine`: bisect between neighbouring values of a numeric axis where the verdict changes sign,
 * until the crossover is bracketed within `resolution` (the ratio of the bracket's ends) or the
 * budget of refinement points is spent.
 */
export const sweepSchema = z
  .object({
    axes: z.array(sweepAxisSchema).min(1).max(2),
    refine: z
      .object({
        /** Stop when high / low of the bracket is at most this (1.25: within 25%). */
        resolution: z.number().min(1.05).max(4).default(1.25),
        /** Measured points added by the search, at most, over the whole run. */
        maxPoints: z.number().int().min(0).max(24).default(8),
      })
      .strict()
      .default({ resolution: 1.25, maxPoints: 8 }),
  })
  .strict()
  .refine((s) => new Set(s.axes.map((a) => a.dimension)).size === s.axes.length, {
    message: "two axes must sweep different dimensions",
  })
  .refine((s) => s.axes.reduce((n, a) => n * a.values.length, 1) <= MAX_GRID_POINTS, {
    message: `a sweep may have at most ${MAX_GRID_POINTS} grid points`,
  });
export type Sweep = z.infer<typeof sweepSchema>;
