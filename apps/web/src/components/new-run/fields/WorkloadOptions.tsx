import type { CatalogWorkload, PresetWithSpec } from "@relix/core/runner-api/reference";
import type { Bounds, FieldErrors } from "@/lib/spec-form/spec-form";
import { CacheModeChips } from "./CacheModeChips";
import { WorkloadChecks } from "./WorkloadChecks";

/** Which workloads to measure (grouped by study), and in which cache modes. */
export function WorkloadOptions({
  workloads,
  presets,
  cacheModes,
  chosenWorkloads,
  chosenCacheModes,
  cacheModesSwept = false,
  bounds,
  errors,
  onToggle,
}: {
  workloads: readonly CatalogWorkload[];
  presets: readonly PresetWithSpec[];
  cacheModes: readonly string[];
  chosenWorkloads: readonly string[];
  chosenCacheModes: readonly string[];
  /** The sweep's cacheModes axis sets them: the chips are then disabled. */
  cacheModesSwept?: boolean;
  bounds: Bounds;
  errors: FieldErrors;
  onToggle: (key: "workloads" | "cacheModes", id: string, on: boolean) => void;
}) {
  return (
    <>
      <WorkloadChecks
        workloads={workloads}
        presets={presets}
        chosen={chosenWorkloads}
        bounds={bounds}
        errors={errors}
        onToggle={(id, on) => onToggle("workloads", id, on)}
      />
      <CacheModeChips
        cacheModes={cacheModes}
        chosen={chosenCacheModes}
        swept={cacheModesSwept}
        errors={errors}
        onToggle={(mode, on) => onToggle("cacheModes", mode, on)}
      />
    </>
  );
}
