import type { CatalogWorkload, PresetWithSpec, SpecDefaults } from "@relix/core/runner-api/reference";
import type { Bounds } from "@/lib/spec-form/spec-form";
import type { RunnerClient } from "./runner-client";

// What the new-run page needs, all from the runner (its answers are the source of truth):
// presets, the workload catalog, and the spec's bounds and defaults.

export interface NewRunOptions {
  presets: PresetWithSpec[];
  workloads: CatalogWorkload[];
  bounds: Bounds;
  defaults: SpecDefaults;
  cacheModes: string[];
  maxTotalRunMs: number;
}

export async function loadNewRunOptions(client: RunnerClient): Promise<NewRunOptions> {
  const [presets, catalog, schema] = await Promise.all([
    client.listPresets(),
    client.getCatalog(),
    client.getSpecSchema(),
  ]);
  return {
    presets,
    workloads: catalog.workloads,
    bounds: schema.bounds,
    defaults: schema.defaults,
    cacheModes: schema.cacheModes,
    maxTotalRunMs: schema.maxTotalRunMs,
  };
}
