import { z } from "zod";
import { runResultSchema } from "../result/result-schema";
import { runIdSchema } from "../ids/run-id";
import { headlineSchema } from "./headline";
import { cellRefSchema, isoTimeSchema, runPhaseSchema, runStatusSchema } from "./run-events";

// The runner's answers about runs: GET /api/runs, GET /api/runs/:id, and what POST /api/runs,
// POST /api/runs/:id/cancel and POST /api/results answer. Times are ISO 8601 strings.

export { runIdSchema };

const position = z.number().int().min(0);

/** One row of GET /api/runs. */
export const runSummarySchema = z.object({
  id: runIdSchema,
  status: runStatusSchema,
  /** 1 = next to start, 0 = starting now; null unless queued. */
  position: position.nullable(),
  preset: z.string().nullable(),
  workloads: z.array(z.string()),
  cacheModes: z.array(z.string()),
  /** For an imported run, the measurement's own times. */
  createdAt: isoTimeSchema,
  startedAt: isoTimeSchema.nullable(),
  finishedAt: isoTimeSchema.nullable(),
  /** Why it failed or was cancelled. */
  reason: z.string().nullable(),
  headline: headlineSchema.nullable(),
  imported: z.boolean(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const progressSchema = z.object({
  fraction: z.number().min(0).max(1),
  elapsedMs: z.number().min(0),
  remainingMs: z.number().min(0),
});

/** What only the live process knows about a running run: the latest of each kind of event. */
export const liveStateSchema = z.object({
  phase: runPhaseSchema.nullable(),
  message: z.string().nullable(),
  cell: cellRefSchema.nullable(),
  progress: progressSchema.nullable(),
  /** Errors reported by the samples so far (the live count; the result has the real one). */
  errors: z.number().int().min(0),
  /** The last 20. */
  warnings: z.array(z.string()),
  cancelRequested: z.boolean(),
});
export type LiveState = z.infer<typeof liveStateSchema>;

/** GET /api/runs/:id. */
export const runDetailSchema = runSummarySchema.extend({
  /**
   * The spec as it was when the run was created. Not checked against today's spec schema: a bound
   * tightened since must not hide an older run.
   */
  spec: z.record(z.string(), z.unknown()),
  importedAt: isoTimeSchema.nullable(),
  /** The id the run had where it was measured. */
  importedFrom: z.string().nullable(),
  /** While running, else null. */
  live: liveStateSchema.nullable(),
  /** The SSE id of the run's latest event in memory. */
  lastEventId: z.number().int().min(1).nullable(),
  /** The whole relix.result/v1 document once done; null before. */
  result: runResultSchema.nullable(),
});
export type RunDetail = z.infer<typeof runDetailSchema>;

/** GET /api/runs?limit=50: newest first. */
export const runListResponseSchema = z.object({ runs: z.array(runSummarySchema) });
export type RunListResponse = z.infer<typeof runListResponseSchema>;

/** POST /api/runs -> 202. A run that starts at once still answers queued, position 1. */
export const submittedRunSchema = z.object({
  id: runIdSchema,
  status: z.literal("queued"),
  position: z.number().int().min(1),
});
export type SubmittedRun = z.infer<typeof submittedRunSchema>;

/**
 * POST /api/runs/:id/cancel -> 202. A queued run is cancelled at once; a running one when the
 * engine has stopped (its stream then carries the final status).
 */
export const cancelRunResponseSchema = z.discriminatedUnion("status", [
  z.object({ id: runIdSchema, status: z.literal("cancelled") }),
  z.object({ id: runIdSchema, status: z.literal("running"), cancelRequested: z.literal(true) }),
]);
export type CancelRunResponse = z.infer<typeof cancelRunResponseSchema>;

/** POST /api/results -> 201: the imported result's new permalink. */
export const importedRunSchema = z.object({ id: runIdSchema, status: z.literal("done") });
export type ImportedRun = z.infer<typeof importedRunSchema>;
