import { z } from "zod";
import { cacheModes } from "../calls/cache-mode";
import { placementNames } from "../network/placements";
import { protocolSchema } from "../result/result-schema";
import { stackIdSchema } from "../stacks/stacks";
import { sweepCoordsSchema } from "../sweep/sweep-result";
import { headlineSchema } from "./headline";
import { runPhases, runStatuses, type StreamEventType } from "./run-status";

// What the engine reports while it works (the CLI draws its progress bar from these; the runner
// service stores them and streams them over SSE), plus the service's own `status` event.

const count = z.number().int().min(0);
const nonNegative = z.number().min(0);
export const isoTimeSchema = z.iso.datetime();

export const runStatusSchema = z.enum(runStatuses);
export const runPhaseSchema = z.enum(runPhases);
export type { RunPhase, RunStatus } from "./run-status";

/** Identifies one measured cell: a workload, in one cache mode, one trial, one protocol. */
export const cellRefSchema = z.object({
  workload: z.string(),
  /** "none" for a workload that never reads through the cache. */
  cacheMode: z.enum([...cacheModes, "none"]),
  trial: z.number().int().min(1),
  trials: z.number().int().min(1),
  protocol: protocolSchema,
  /** The stack measured, when the run measures more than express and grpc-js (its protocol is the stack's family). */
  stack: stackIdSchema.optional(),
  /** 1-based position of this protocol run among all of the run's protocol runs. */
  index: z.number().int().min(1),
  total: z.number().int().min(1),
  /** The network placement it is measured under; absent = loopback (and in events of older runners). */
  placement: z.enum(placementNames).optional(),
  /**
   * A swept cell's point: its knobs ("records": 1000), as the cell's result records them (the list
   * dimensions are the fields above). Absent outside a sweep and in events of older runners.
   */
  coords: sweepCoordsSchema.optional(),
  /** The point was added by the crossover search between two grid values. */
  refinement: z.boolean().optional(),
});
export type CellRef = z.infer<typeof cellRefSchema>;

const progress = { fraction: z.number().min(0).max(1), elapsedMs: nonNegative, remainingMs: nonNegative };

/** One schema per SSE event name; `satisfies` keeps this table and `streamEventTypes` the same list. */
export const streamEventSchemas = {
  phase: z.object({ type: z.literal("phase"), phase: runPhaseSchema, message: z.string() }),
  "cell-start": z.object({
    type: z.literal("cell-start"),
    cell: cellRefSchema,
    warmupMs: nonNegative,
    durationMs: nonNegative,
  }),
  "cell-end": z.object({
    type: z.literal("cell-end"),
    cell: cellRefSchema,
    rps: nonNegative,
    p50Ms: nonNegative,
    p99Ms: nonNegative,
    errors: count,
    /** The client program whose figures these are ("ghz"); absent in events of older runners. */
    client: z.string().min(1).optional(),
  }),
  /**
   * One second of live load, for both protocols from the same source: the server's own
   * instrumentation (requests completed, errors, server-time p50/p99 in that second).
   */
  sample: z.object({
    type: z.literal("sample"),
    cell: cellRefSchema,
    second: count,
    requests: count,
    errors: count,
    p50Ms: nonNegative,
    p99Ms: nonNegative,
    warmup: z.boolean(),
  }),
  progress: z.object({ type: z.literal("progress"), ...progress }),
  warning: z.object({ type: z.literal("warning"), message: z.string() }),
  /**
   * A change of a run's status (or of its place in the queue), sent by the service, not the
   * engine: on enqueue, when the position changes, on start, and once at the end.
   */
  status: z.object({
    type: z.literal("status"),
    status: runStatusSchema,
    /** Place in the queue while queued (1 = next to start), else null. */
    position: count.nullable(),
    /** Why it failed or was cancelled, else null. */
    reason: z.string().nullable(),
    /** The outcome in one line, on `done`. */
    headline: headlineSchema.nullable(),
    at: isoTimeSchema,
  }),
} as const satisfies Record<StreamEventType, z.ZodType>;

const events = streamEventSchemas;
export const statusEventSchema = events.status;

/** What the engine reports: everything on the stream except `status`. */
export const runEventSchema = z.discriminatedUnion("type", [
  events.phase,
  events["cell-start"],
  events["cell-end"],
  events.sample,
  events.progress,
  events.warning,
]);

/** Every event of GET /api/runs/:id/events. */
export const streamEventSchema = z.discriminatedUnion("type", [...runEventSchema.options, statusEventSchema]);

export type RunEvent = z.infer<typeof runEventSchema>;
export type StatusEvent = z.infer<typeof statusEventSchema>;
export type StreamEvent = z.infer<typeof streamEventSchema>;
export type SampleEvent = Extract<RunEvent, { type: "sample" }>;
export type ProgressEvent = Extract<RunEvent, { type: "progress" }>;
