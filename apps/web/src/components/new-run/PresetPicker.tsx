import type { PresetWithSpec } from "@relix/core/runner-api/reference";

/** The value of the "Custom" choice: no preset, every option chosen by hand. */
export const CUSTOM_PRESET = "";

/** One card per preset (the question it answers), plus "Custom". */
export function PresetPicker({
  presets,
  chosen,
  edited,
  onChoose,
}: {
  presets: readonly PresetWithSpec[];
  chosen: string;
  /** The chosen preset's options have been changed in the form. */
  edited: boolean;
  onChoose: (name: string) => void;
}) {
  return (
    <section className="section" style={{ marginTop: 0 }}>
      <h2>Preset</h2>
      <p className="section-sub">
        Each preset asks one question; study presets put the published figures beside what you measure.
      </p>
      <div className="preset-grid" role="radiogroup" aria-label="Preset">
        {presets.map((p) => (
          <label key={p.name} className="preset" data-preset={p.name}>
            <input
              type="radio"
              name="preset"
              value={p.name}
              checked={chosen === p.name}
              onChange={() => onChoose(p.name)}
            />
            <div className="preset-title">
              {p.title}
              {chosen === p.name && edited ? <span className="tag">edited</span> : null}
            </div>
            <div className="preset-desc">{p.description}</div>
            <div className="preset-meta">
              <code>{p.name}</code>
              {p.publishedFigures > 0 ? ` · ${p.publishedFigures} published figures to compare` : null}
            </div>
          </label>
        ))}
        <label className="preset" data-preset="custom">
          <input
            type="radio"
            name="preset"
            value={CUSTOM_PRESET}
            checked={chosen === CUSTOM_PRESET}
            onChange={() => onChoose(CUSTOM_PRESET)}
          />
          <div className="preset-title">Custom</div>
          <div className="preset-desc">Start from the current options and choose every workload and knob yourself.</div>
          <div className="preset-meta">no published figures</div>
        </label>
      </div>
    </section>
  );
}
