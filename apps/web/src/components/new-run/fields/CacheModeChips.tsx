import type { FieldErrors } from "@/lib/spec-form/spec-form";
import { sweptHint } from "@/lib/spec-form/sweep-form";

const CACHE_HINT: Record<string, string> = {
  warm: "primed: every read is a Redis hit",
  cold: "bypasses the cache: every read goes to MySQL",
  miss: "cache-aside miss: read MySQL, then fill Redis",
  memory: "process-local cache: a hit never leaves the API process (no Redis, no JSON)",
};

/** One chip per cache mode, each with what it does to a read; disabled while the sweep sets them. */
export function CacheModeChips({
  cacheModes,
  chosen,
  swept,
  errors,
  onToggle,
}: {
  cacheModes: readonly string[];
  chosen: readonly string[];
  swept: boolean;
  errors: FieldErrors;
  onToggle: (mode: string, on: boolean) => void;
}) {
  return (
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
              checked={chosen.includes(mode)}
              disabled={swept}
              onChange={(e) => onToggle(mode, e.target.checked)}
            />
            {mode}
          </label>
        ))}
      </div>
      <div className="hint">
        {swept ? `${sweptHint("cacheModes")}. ` : ""}Apply to workloads that read through the cache; the others run
        once. {cacheModes.map((m) => `${m}: ${CACHE_HINT[m] ?? ""}`).join(" · ")}
      </div>
      {errors.cacheModes ? (
        <div className="error" role="alert" data-field-error="cacheModes">
          {errors.cacheModes}
        </div>
      ) : null}
    </div>
  );
}
