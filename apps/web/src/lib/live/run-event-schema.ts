import { z } from "zod";
import { runEventTypes, runStatuses, type RunEventType } from "./run-event-types";

// The runner's live events (apps/runner/src/engine/run-events.ts), plus the service's "status"
// event. The SSE proxy validates every event with these before it reaches the browser; the page
// then trusts them. Objects are loose: a newer runner may add fields without breaking the page.

export const runStatusSchema = z.enum(runStatuses);
export { finalStatuses, isFinalStatus, runStatuses, type RunStatus } from "./run-event-types";

const cacheModeSchema = z.enum(["warm", "cold", "miss", "none"]);
const protocolSchema = z.enum(["rest", "grpc"]);
const count = z.number().int().min(0);
const nonNegative = z.number().min(0);

export const cellRefSchema = z.looseObject({
  workload: z.string().max(200),
  cacheMode: cacheModeSchema,
  trial: z.number().int().min(1),
  trials: z.number().int().min(1),
  protocol: protocolSchema,
  index: z.number().int().min(1),
  total: z.number().int().min(1),
});
export type CellRef = z.infer<typeof cellRefSchema>;

export const runEventSchemas = {
  phase: z.looseObject({ type: z.literal("phase"), phase: z.string().max(40), message: z.string().max(2000) }),
  "cell-start": z.looseObject({
    type: z.literal("cell-start"),
    cell: cellRefSchema,
    warmupMs: nonNegative,
    durationMs: nonNegative,
  }),
  "cell-end": z.looseObject({
    type: z.literal("cell-end"),
    cell: cellRefSchema,
    rps: nonNegative,
    p50Ms: nonNegative,
    p99Ms: nonNegative,
    errors: count,
  }),
  sample: z.looseObject({
    type: z.literal("sample"),
    cell: cellRefSchema,
    second: z.number().int(),
    requests: count,
    errors: count,
    p50Ms: nonNegative,
    p99Ms: nonNegative,
    warmup: z.boolean(),
  }),
  progress: z.looseObject({
    type: z.literal("progress"),
    fraction: z.number().min(0).max(1),
    elapsedMs: nonNegative,
    remainingMs: nonNegative,
  }),
  warning: z.looseObject({ type: z.literal("warning"), message: z.string().max(2000) }),
  status: z.looseObject({
    type: z.literal("status"),
    status: runStatusSchema,
    position: z.number().int().min(0).nullish(),
    reason: z.string().max(4000).nullish(),
  }),
  // Runner services may name an error event; it is shown like a warning, in red.
  error: z.looseObject({ type: z.literal("error"), message: z.string().max(4000) }),
} as const satisfies Record<RunEventType, z.ZodType>;

export type { RunEventType };
export type LiveEvent = { [K in RunEventType]: z.infer<(typeof runEventSchemas)[K]> }[RunEventType];
export type SampleEvent = z.infer<(typeof runEventSchemas)["sample"]>;
export type StatusEvent = z.infer<(typeof runEventSchemas)["status"]>;

export const isRunEventType = (type: string): type is RunEventType =>
  (runEventTypes as readonly string[]).includes(type);

/**
 * One SSE message (event name + JSON data) -> a typed event, or null when it is not one we know or
 * it does not match. The event name wins over a "type" inside the data (status events may omit it).
 */
export function parseRunEvent(eventName: string, data: string): LiveEvent | null {
  if (!isRunEventType(eventName)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return null;
  const parsed = runEventSchemas[eventName].safeParse({ ...json, type: eventName });
  return parsed.success ? (parsed.data as LiveEvent) : null;
}
