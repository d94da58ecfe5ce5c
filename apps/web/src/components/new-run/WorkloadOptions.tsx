import { useMemo } from "react";
import type { CatalogWorkload, PresetWithSpec } from "@relix/core/runner-api/reference";
import type { Bounds, FieldErrors } from "@/lib/spec-form/spec-form";
import { sweptHint } from "@/lib/spec-form/sweep-form";
import { FieldHint } from "./FieldHint";

const CACHE_HINT: Record<string, string> = {
  warm: "primed: every read is a Redis hit",
  cold: "bypasses the cache: every read goes to MySQL",
  miss: "cache-aside miss: read MySQL, then fill Redis",
  memory: "process-local cache: a hit never leaves the API process (no Redis, no JSON)",
};

function studyTitle(study: string, presets: readonly PresetWithSpec[]): string {
  if (study === "floor") return "Protocol floor";
  const preset = presets.find((p) => p.name === `study-${study}`);
  const short = preset?.title
    .replace(/^Study\s+/i, "")
    .split(/[(:]/)[0]
    ?.trim();
  return short ? `Study ${short}` : `Study ${study}`;
}

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
  const groups = useMemo(() => {
    const byStudy = new Map<string, CatalogWorkload[]>();
    for (const w of workloads) byStudy.set(w.study, [...(byStudy.get(w.study) ?? []), w]);
    // The protocol floor first, then the studies in order.
    const rank = (study: string) => (study === "floor" ? "" : study);
    return [...byStudy.entries()]
      .sort(([a], [b]) => rank(a).localeCompare(rank(b)))
      .map(([study, list]) => ({ study, title: studyTitle(study, presets), list }));
  }, [workloads, presets]);

  return (
    <>
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
                    checked={chosenWorkloads.includes(w.id)}
                    onChange={(e) => onToggle("workloads", w.id, e.target.checked)}
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

      <div className="field" style={{ marginTop: 16 }}>
        <span className="label" id="cache-label">
          Cache modes
        </span>
        <div className="chips" role="group" aria-labelledby="cache-label">
          {cacheModes.map((mode) => (
            <label key={mode} className="chip" title={CACHE_HINT[mode]}>
              <input
                type="checkbox"
                name="cacheModes"
                value={mode}
                checked={chosenCacheModes.includes(mode)}
                disabled={cacheModesSwept}
                onChange={(e) => onToggle("cacheModes", mode, e.target.checked)}
              />
              {mode}
            </label>
          ))}
        </div>
        <div className="hint">
          {cacheModesSwept ? `${sweptHint("cacheModes")}. ` : ""}Apply to workloads that read through the cache; the
          others run once. {cacheModes.map((m) => `${m}: ${CACHE_HINT[m] ?? ""}`).join(" · ")}
        </div>
        {errors.cacheModes ? (
          <div className="error" role="alert" data-field-error="cacheModes">
            {errors.cacheModes}
          </div>
        ) : null}
      </div>
    </>
  );
}
