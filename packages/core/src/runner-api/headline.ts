import { z } from "zod";
import { COMPARED_METRICS } from "../stats/speedup";

/**
 * The outcome of a run in one line, for lists: the first cell's p50 comparison. A speedup > 1
 * always means gRPC did better (packages/core/src/stats/speedup.ts). The runner stores it beside
 * the run so a list of runs never has to load every result; it also ends a run's SSE stream.
 */
export const headlineSchema = z.object({
  workload: z.string(),
  cacheMode: z.string(),
  metric: z.enum(COMPARED_METRICS),
  speedup: z.number(),
  low: z.number(),
  high: z.number(),
  winner: z.enum(["grpc", "rest", "none"]),
  verdict: z.string(),
  /** How many cells (workload x cache mode) the run has; the headline is only the first. */
  cells: z.number().int().min(0),
});
export type Headline = z.infer<typeof headlineSchema>;
