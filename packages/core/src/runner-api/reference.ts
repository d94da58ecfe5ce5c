import { z } from "zod";
import { cacheModeSchema } from "../calls/cache-mode";
import { studyIds } from "../catalog/workload";
import { serviceEndpointsSchema } from "../network/service-endpoints";
import { runSpecSchema } from "../spec/run-spec";

// What the new-run form is built from: GET /api/presets, /api/catalog, /api/spec-schema; and
// GET /healthz. None of it changes while the runner lives.

/** What the form shows of one preset. */
export const presetSummarySchema = z.object({
  name: z.string(),
  title: z.string(),
  /** The one line that says what the preset answers. */
  description: z.string(),
  /** The study it reproduces ("000".."004"), null for the others. */
  study: z.string().nullable(),
  /** Choices made where the study is vague, and its flaws that Relix does not reproduce. */
  notes: z.array(z.string()),
  /** How many published figures a run of it is compared with. */
  publishedFigures: z.number().int().min(0),
});
export type PresetSummary = z.infer<typeof presetSummarySchema>;

/** A preset with the full spec it runs (its spec over the defaults). */
export const presetSchema = presetSummarySchema.extend({ spec: runSpecSchema });
export type PresetWithSpec = z.infer<typeof presetSchema>;

/** GET /api/presets. */
export const presetsResponseSchema = z.object({ presets: z.array(presetSchema) });
export type PresetsResponse = z.infer<typeof presetsResponseSchema>;

export const catalogWorkloadSchema = z.object({
  id: z.string(),
  label: z.string(),
  study: z.enum(studyIds),
  description: z.string(),
  usesCache: z.boolean(),
  streaming: z.boolean(),
});
export type CatalogWorkload = z.infer<typeof catalogWorkloadSchema>;

/** GET /api/catalog: the workloads a spec can name, with what the UI shows about each. */
export const catalogResponseSchema = z.object({
  workloads: z.array(catalogWorkloadSchema),
  cacheModes: z.array(cacheModeSchema),
  studies: z.array(z.enum(studyIds)),
});
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;

/** Inclusive min and max of a numeric spec field (times in ms, sizes in bytes). */
export const boundSchema = z.object({ min: z.number(), max: z.number() });
export type Bound = z.infer<typeof boundSchema>;

/** What each spec field is when neither the request nor the preset sets it. */
export const specDefaultsSchema = runSpecSchema.omit({ workloads: true });
export type SpecDefaults = z.infer<typeof specDefaultsSchema>;

/** GET /api/spec-schema: bounds and defaults, so the form can show and enforce them before submit. */
export const specSchemaResponseSchema = z.object({
  bounds: z.record(z.string(), boundSchema),
  /** Warm-up + window, for every cell, both protocols and every trial, may not exceed this. */
  maxTotalRunMs: z.number().int().min(1),
  defaults: specDefaultsSchema,
  workloads: z.array(z.string()),
  cacheModes: z.array(cacheModeSchema),
  /** The same rules as JSON Schema (draft 2020-12), for form libraries. */
  jsonSchema: z.record(z.string(), z.unknown()),
});
export type SpecSchemaResponse = z.infer<typeof specSchemaResponseSchema>;

/** GET /healthz. */
export const healthResponseSchema = z.object({
  status: z.literal("ok"),
  running: z.boolean(),
  waiting: z.number().int().min(0),
  /** The services this runner drives, as its operator configured them at start-up; absent from older runners. */
  services: serviceEndpointsSchema.optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
