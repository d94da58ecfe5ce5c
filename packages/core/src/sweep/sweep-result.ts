import { z } from "zod";
import { ratioCISchema } from "../stats";

/** A grid point's coordinates: dimension -> value (a number for a knob, a name for a list dimension). */
export const sweepCoordsSchema = z.record(z.string(), z.union([z.number(), z.string()]));
export type SweepCoords = z.infer<typeof sweepCoordsSchema>;

/** One measured point of a sweep: where it is, and the headline comparison there. */
export const sweepPointSchema = z.object({
  coords: sweepCoordsSchema,
  workload: z.string(),
  /** p50 speedup (REST p50 / gRPC p50: > 1 gRPC faster) with its CI, as the cell's own comparison. */
  p50: ratioCISchema.nullable(),
  winner: z.enum(["grpc", "rest", "none"]),
  verdict: z.string(),
  /** Added by the crossover search rather than planned on the grid. */
  refinement: z.boolean(),
});
export type SweepPoint = z.infer<typeof sweepPointSchema>;

/**
 * Where the verdict changes along a numeric axis, for one row (the other axis's value fixed), or
 * that it never does in the range.
 */
export const crossoverSchema = z.object({
  workload: z.string(),
  dimension: z.string(),
  /** The row: the other axis's value, absent for a 1-D sweep. */
  row: sweepCoordsSchema,
  /** "found": bracketed between low and high; "none": one winner (or none) over the whole range. */
  status: z.enum(["found", "none", "unresolved"]),
  /** The side that wins above the crossover ("grpc" when gRPC starts to win as the value grows). */
  winnerAbove: z.enum(["grpc", "rest", "none"]).optional(),
  low: z.number().optional(),
  high: z.number().optional(),
  /** Geometric middle of the bracket: "about N". */
  estimate: z.number().optional(),
  text: z.string(),
});
export type Crossover = z.infer<typeof crossoverSchema>;

/** What a result records about its sweep: the grid, the refinement points, the crossovers. */
export const sweepResultSchema = z.object({
  points: z.array(sweepPointSchema),
  crossovers: z.array(crossoverSchema),
  /** Why the search stopped short, when it did (budget spent, time bound). */
  stoppedEarly: z.string().optional(),
});
export type SweepResult = z.infer<typeof sweepResultSchema>;
