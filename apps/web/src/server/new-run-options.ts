import { workloads as sharedWorkloads } from "@relix/core/catalog/catalog";
import { findPreset } from "@relix/core/presets/presets";
import { cacheModes as sharedCacheModes } from "@relix/core/calls/cache-mode";
import { MAX_TOTAL_RUN_MS, specBounds } from "@relix/core/spec/bounds";
import type { Bounds } from "@/lib/spec-form/spec-form";
import { getCatalog, getSpecSchema, listPresets, RunnerHttpError } from "./runner-client";
import type { CatalogWorkload } from "./runner-schemas";

// What the new-run page needs: presets, the workload catalog and the spec's bounds and defaults,
// from the runner (its answers are the source of truth). The runner and this app share
// @relix/shared, so where a runner does not serve one of these yet (404) the same module is read
// here instead of failing the page.

export interface PresetOption {
  name: string;
  title: string;
  description: string;
  study: string | null;
  /** The preset's spec over the runner's defaults: what the form shows when it is picked. */
  spec: Record<string, unknown>;
  publishedFigures: number;
  notes: string[];
}

export interface NewRunOptions {
  presets: PresetOption[];
  workloads: CatalogWorkload[];
  bounds: Bounds;
  defaults: Record<string, unknown>;
  cacheModes: string[];
  maxTotalRunMs: number;
}

const DEFAULTS: Record<string, unknown> = {
  cacheModes: ["warm"],
  connections: 8,
  grpcConnections: 1,
  durationMs: 5_000,
  warmupMs: 1_000,
  trials: 1,
  payloadBytes: 1024 * 1024,
};

async function orFallback<T>(load: () => Promise<T>, fallback: () => T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof RunnerHttpError && error.status === 404) return fallback();
    throw error;
  }
}

export async function loadNewRunOptions(): Promise<NewRunOptions> {
  const [presets, workloads, schema] = await Promise.all([
    listPresets(),
    orFallback(getCatalog, () =>
      sharedWorkloads.map((w) => ({
        id: w.id,
        label: w.label,
        study: w.study,
        description: w.description,
        usesCache: w.usesCache,
        streaming: w.streaming,
      })),
    ),
    orFallback(getSpecSchema, () => ({
      bounds: specBounds as Record<string, { min: number; max: number }>,
      defaults: DEFAULTS,
      cacheModes: [...sharedCacheModes],
      maxTotalRunMs: MAX_TOTAL_RUN_MS,
    })),
  ]);
  const defaults = { ...DEFAULTS, ...schema.defaults };
  return {
    presets: presets.map((p) => {
      const shared = findPreset(p.name);
      const spec = p.spec ?? (shared?.spec as Record<string, unknown> | undefined) ?? {};
      return {
        name: p.name,
        title: p.title,
        description: p.description ?? shared?.description ?? "",
        study: p.study ?? null,
        spec: { ...defaults, ...spec },
        publishedFigures: (p.published ?? shared?.published ?? []).length,
        notes: p.notes ?? shared?.notes ?? [],
      };
    }),
    workloads,
    bounds: { ...(specBounds as Bounds), ...(schema.bounds as Bounds) },
    defaults,
    cacheModes: schema.cacheModes ?? [...sharedCacheModes],
    maxTotalRunMs: schema.maxTotalRunMs ?? MAX_TOTAL_RUN_MS,
  };
}
