import { cacheModes, MAX_TOTAL_RUN_MS, runSpecSchema, specBounds, studyIds, workloadIds, workloads } from "@relix/core";
import type {
  CatalogResponse,
  HealthResponse,
  PresetsResponse,
  SpecSchemaResponse,
} from "@relix/core/runner-api/reference";
import { z } from "zod";
import { sendJson } from "../http/respond";
import type { Route } from "../http/route";

// What the web form is built from: computed once, they never change while the runner lives.
const catalogBody: CatalogResponse = {
  workloads: workloads.map((w) => ({
    id: w.id,
    label: w.label,
    study: w.study,
    description: w.description,
    usesCache: w.usesCache,
    streaming: w.streaming,
  })),
  cacheModes: [...cacheModes],
  studies: [...studyIds],
};

const { workloads: _required, ...specDefaults } = runSpecSchema.parse({ workloads: [workloadIds[0]] });

const specSchemaBody: SpecSchemaResponse = {
  /** Inclusive min and max of every numeric field (times in ms, sizes in bytes). */
  bounds: specBounds,
  /** Warm-up + window, for every cell, both protocols and every trial, may not exceed this. */
  maxTotalRunMs: MAX_TOTAL_RUN_MS,
  /** What a field is when neither the request nor the preset sets it. */
  defaults: specDefaults,
  workloads: workloadIds,
  cacheModes: [...cacheModes],
  /** The same rules as JSON Schema (draft 2020-12), for form libraries. */
  jsonSchema: z.toJSONSchema(runSpecSchema, { io: "input" }),
};

/** GET /api/catalog: the workloads a spec can name, with what the UI shows about each. */
export const catalogRoute: Route = {
  method: "GET",
  path: "/api/catalog",
  needsToken: false,
  async handle({ res }) {
    sendJson(res, 200, catalogBody);
  },
};

/** GET /api/spec-schema: bounds and defaults, so the form can show and enforce them before submit. */
export const specSchemaRoute: Route = {
  method: "GET",
  path: "/api/spec-schema",
  needsToken: false,
  async handle({ res }) {
    sendJson(res, 200, specSchemaBody);
  },
};

/** GET /api/presets: each preset with its one-line description and the full spec it runs. */
export const presetsRoute: Route = {
  method: "GET",
  path: "/api/presets",
  needsToken: false,
  async handle({ res, app }) {
    const body: PresetsResponse = {
      presets: app.presets.list().map((preset) => ({ ...preset, spec: app.presets.specFromPreset(preset.name, {}) })),
    };
    sendJson(res, 200, body);
  },
};

/** GET /healthz: the process answers; whether it is busy; the services it drives. */
export const healthRoute: Route = {
  method: "GET",
  path: "/healthz",
  needsToken: false,
  async handle({ res, app }) {
    const queue = app.service.queue;
    const body: HealthResponse = {
      status: "ok",
      running: queue.runningId !== null,
      waiting: queue.length,
      ...(app.services ? { services: app.services } : {}),
    };
    sendJson(res, 200, body);
  },
};
