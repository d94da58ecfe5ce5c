import { z } from "zod";
import { runStatusSchema } from "@/lib/live/run-event-schema";

// What the runner's HTTP service answers (apps/runner/src/server). Every answer crosses into the
// web app through one of these. Objects are loose and most fields optional: the pages show what
// is there, and a newer runner may add fields. The result itself is checked by the shared
// relix.result/v1 schema (see runner-client.ts).

export const runIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "not a run id");

export const fieldErrorSchema = z.looseObject({
  path: z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))])
    .transform((p) => (Array.isArray(p) ? p.join(".") : p)),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const apiErrorSchema = z.looseObject({
  error: z.looseObject({ message: z.string(), fields: z.array(fieldErrorSchema).optional() }),
});

export const startRunResponseSchema = z.looseObject({
  id: runIdSchema,
  status: runStatusSchema,
  position: z.number().int().min(0).nullish(),
});

export const progressSchema = z.looseObject({
  fraction: z.number().min(0).max(1),
  elapsedMs: z.number().min(0),
  remainingMs: z.number().min(0),
});

/**
 * A run's outcome in one line (apps/runner/src/store/headline.ts): the first cell's p50
 * comparison. A plain sentence is accepted too, for runners that only store the verdict.
 */
const headlineObjectSchema = z.looseObject({
  workload: z.string().optional(),
  cacheMode: z.string().optional(),
  metric: z.string().optional(),
  speedup: z.number().optional(),
  low: z.number().optional(),
  high: z.number().optional(),
  winner: z.enum(["grpc", "rest", "none"]).optional(),
  verdict: z.string().optional(),
  cells: z.number().optional(),
});

export const headlineSchema = z
  .union([z.string().transform((verdict): z.infer<typeof headlineObjectSchema> => ({ verdict })), headlineObjectSchema])
  .nullish();
export type Headline = NonNullable<z.infer<typeof headlineSchema>>;

export const runSummarySchema = z.looseObject({
  id: runIdSchema,
  status: runStatusSchema,
  preset: z.string().nullish(),
  createdAt: z.string().nullish(),
  startedAt: z.string().nullish(),
  finishedAt: z.string().nullish(),
  headline: headlineSchema,
  workloads: z.array(z.string()).nullish(),
  cacheModes: z.array(z.string()).nullish(),
  position: z.number().int().min(0).nullish(),
  imported: z.boolean().nullish(),
  reason: z.string().nullish(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const runListSchema = z.union([
  z.array(runSummarySchema),
  z.looseObject({ runs: z.array(runSummarySchema) }).transform((r) => r.runs),
]);

const cellRefLooseSchema = z.looseObject({
  workload: z.string(),
  cacheMode: z.string(),
  trial: z.number(),
  trials: z.number(),
  protocol: z.enum(["rest", "grpc"]),
  index: z.number().optional(),
  total: z.number().optional(),
});

/** What only the live process knows about a running run (apps/runner/src/server/run-queue.ts). */
export const liveSchema = z.looseObject({
  phase: z.string().nullish(),
  message: z.string().nullish(),
  cell: cellRefLooseSchema.nullish(),
  progress: progressSchema.nullish(),
  errors: z.number().nullish(),
  warnings: z.array(z.string()).nullish(),
  cancelRequested: z.boolean().nullish(),
});

export const runDetailSchema = runSummarySchema.extend({
  spec: z.record(z.string(), z.unknown()).nullish(),
  importedAt: z.string().nullish(),
  live: liveSchema.nullish(),
  /** Older service drafts put progress at the top level. */
  progress: progressSchema.nullish(),
  lastEventId: z.number().nullish(),
  result: z.unknown().optional(),
});
export type RunDetail = z.infer<typeof runDetailSchema>;

export const presetSchema = z
  .looseObject({
    name: z.string().min(1).max(40),
    title: z.string().optional(),
    label: z.string().optional(),
    description: z.string().optional(),
    study: z.string().nullish(),
    spec: z.record(z.string(), z.unknown()).nullish(),
    published: z.array(z.unknown()).nullish(),
    notes: z.array(z.string()).nullish(),
  })
  .transform(({ title, label, ...rest }) => ({ ...rest, title: title ?? label ?? rest.name }));
export type Preset = z.infer<typeof presetSchema>;

export const presetListSchema = z.union([
  z.array(presetSchema),
  z.looseObject({ presets: z.array(presetSchema) }).transform((r) => r.presets),
]);

export const catalogWorkloadSchema = z.looseObject({
  id: z.string(),
  label: z.string(),
  study: z.string(),
  description: z.string().default(""),
  usesCache: z.boolean(),
  streaming: z.boolean().default(false),
});
export type CatalogWorkload = z.infer<typeof catalogWorkloadSchema>;

export const catalogSchema = z.union([
  z.looseObject({ workloads: z.array(catalogWorkloadSchema) }).transform((c) => c.workloads),
  z.array(catalogWorkloadSchema),
]);

const boundSchema = z.looseObject({ min: z.number(), max: z.number() });

export const specSchemaResponseSchema = z.looseObject({
  bounds: z.record(z.string(), boundSchema),
  defaults: z.record(z.string(), z.unknown()).default({}),
  cacheModes: z.array(z.string()).optional(),
  maxTotalRunMs: z.number().optional(),
});
export type SpecSchemaResponse = z.infer<typeof specSchemaResponseSchema>;

export const importResponseSchema = z.looseObject({ id: runIdSchema });
