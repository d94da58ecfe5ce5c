import type { RunResult } from "@relix/core/result/result-schema";
import { findPreset } from "@relix/core/presets/presets";
import { presetChangedNote } from "@relix/core/render/terminal/run-summary";

/**
 * A study preset's notes, right under the verdicts: they say where the run departs from the study
 * and how to read the figures, so a reader meets them before the numbers, not after; for a run
 * whose flags changed the preset, first which of its settings they may not describe.
 */
export function PresetNotesSection({ result }: { result: RunResult }) {
  const preset = result.spec.preset ? findPreset(result.spec.preset) : undefined;
  if (!preset || preset.notes.length === 0) return null;
  const changed = presetChangedNote(result);
  return (
    <section className="section" data-testid="preset-notes">
      <h2>About the {preset.title} preset</h2>
      <p className="section-sub">{preset.description}</p>
      <div className="card card-pad">
        {changed ? (
          <p className="small" data-testid="preset-changed" style={{ margin: "0 0 6px", fontWeight: 600 }}>
            {changed}
          </p>
        ) : null}
        <ul className="small" style={{ margin: 0, paddingLeft: 18 }}>
          {preset.notes.map((n) => (
            <li key={n} style={{ marginTop: 4 }}>
              {n}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
