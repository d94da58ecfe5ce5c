import { z } from "zod";
import { runStatusSchema } from "@/lib/live/run-event-schema";

// What the runner's HTTP service answers (apps/runner/src/server). Every answer crosses into the
// web app through one of these. Objects are loose and most fields optional: the pages show what
// is there, and a newer runner may add fields. The result itself is checked by the shared
// relix.result/v1 schema (see runner-client.ts).

export const runIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "not a run id");

export const fieldErrorSchema = z.looseObject({
  path: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).transform((p) => (Array.isArray(p) ? p.join(".") : p)),
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

/** A headline is a sentence, or a ratio the runner summarised; the list shows either. */
const headlineSchema = z
  .union([
    z.string(),
    z.looseObject({ text: z.string().optional(), verdict: z.string().optional(), speedup: z.number().optional(), ratio: z.number().optional() }),
  ])
  .nullish();

export const runSummarySchema = z.looseObject({
  id: runIdSchema,
  status: runStatusSchema,
  preset: z.string().nullish(),
  createdAt: z.string().nullish(),
  startedAt: z.string().nullish(),
  finishedAt: z.string().nullish(),
  headline: headlineSchema,
  workloads: z.array(z.string()).nullish(),
  imported: z.boolean().nullish(),
  reason: z.string().nullish(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const runListSchema = z.union([
  z.array(runSummarySchema),
  z.looseObject({ runs: z.array(runSummarySchema) }).transform((r) => r.runs),
]);

export const runDetailSchema = z.looseObject({
  id: runIdSchema,
  status: runStatusSchema,
  position: z.number().int().min(0).nullish(),
  reason: z.string().nullish(),
  preset: z.string().nullish(),
  spec: z.record(z.string(), z.unknown()).nullish(),
  createdAt: z.string().nullish(),
  startedAt: z.string().nullish(),
  finishedAt: z.string().nullish(),
  progress: progressSchema.nullish(),
  result: z.unknown().optional(),
});
export type RunDetail = z.infer<typeof runDetailSchema>;

export const publishedPresetFigureSchema = z.looseObject({
  label: z.string().optional(),
  workload: z.string().optional(),
  unit: z.string().optional(),
});

export const presetSchema = z.looseObject({
  name: z.string().min(1).max(40),
  title: z.string().optional(),
  description: z.string().optional(),
  study: z.string().nullish(),
  spec: z.record(z.string(), z.unknown()).default({}),
  published: z.array(z.unknown()).nullish(),
});
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
