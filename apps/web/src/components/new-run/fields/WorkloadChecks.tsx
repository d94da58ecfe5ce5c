import { useMemo } from "react";
import type { CatalogWorkload, PresetWithSpec } from "@relix/core/runner-api/reference";
import type { Bounds, FieldErrors } from "@/lib/spec-form/spec-form";
import { FieldHint } from "./FieldHint";
import { studyGroups } from "./study-groups";

/** One box per workload, grouped by study. */
export function WorkloadChecks({
  workloads,
  presets,
  chosen,
  bounds,
  errors,
  onToggle,
}: {
  workloads: readonly CatalogWorkload[];
  presets: readonly PresetWithSpec[];
  chosen: readonly string[];
  bounds: Bounds;
  errors: FieldErrors;
  onToggle: (id: string, on: boolean) => void;
}) {
  const groups = useMemo(() => studyGroups(workloads, presets), [workloads, presets]);
  return (
    <div className="field">
      <span className="label" id="workloads-label">
        Workloads
      </span>
      <div className="workload-groups" role="group" aria-labelledby="workloads-label">
        {groups.map((g) => (
          <fieldset key={g.study} className="group">
            <legend>{g.title}</legend>
            {g.list.map((w) => (
              <label key={w.id} className="check" title={w.description}>
                <input
                  type="checkbox"
                  name="workloads"
                  value={w.id}
                  checked={chosen.includes(w.id)}
                  onChange={(e) => onToggle(w.id, e.target.checked)}
                />
                <span>
                  {w.label}
                  <small>
                    <code>{w.id}</code>
                    {w.usesCache ? " · cache" : ""}
                    {w.streaming ? " · stream" : ""}
                  </small>
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <FieldHint field="workloads" bound={bounds.workloads} errors={errors} />
    </div>
  );
}
