"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { formatDuration } from "@/lib/format";
import {
  describeBound,
  estimateRunMs,
  fieldOfPath,
  overridesOf,
  PAYLOAD_UNITS,
  specFieldsFrom,
  validateForm,
  valuesFrom,
  type Bounds,
  type FieldErrors,
  type FormField,
  type FormValues,
  type PayloadUnit,
} from "@/lib/spec-form/spec-form";

export interface RunFormWorkload {
  id: string;
  label: string;
  study: string;
  description: string;
  usesCache: boolean;
  streaming: boolean;
}

export interface RunFormPreset {
  name: string;
  title: string;
  description: string;
  spec: Record<string, unknown>;
  publishedFigures: number;
}

export interface RunFormProps {
  presets: RunFormPreset[];
  workloads: RunFormWorkload[];
  bounds: Bounds;
  defaults: Record<string, unknown>;
  cacheModes: string[];
  maxTotalRunMs: number;
  /** Preset chosen on load (from ?preset=). */
  initialPreset?: string;
}

const CUSTOM = "";

const CACHE_HINT: Record<string, string> = {
  warm: "primed: every read is a Redis hit",
  cold: "bypasses the cache: every read goes to MySQL",
  miss: "cache-aside miss: read MySQL, then fill Redis",
};

function studyTitle(study: string, presets: RunFormPreset[]): string {
  if (study === "floor") return "Protocol floor";
  const preset = presets.find((p) => p.name === `study-${study}`);
  const short = preset?.title
    .replace(/^Study\s+/i, "")
    .split(/[(:]/)[0]
    ?.trim();
  return short ? `Study ${short}` : `Study ${study}`;
}

export function RunForm({
  presets,
  workloads,
  bounds,
  defaults,
  cacheModes,
  maxTotalRunMs,
  initialPreset,
}: RunFormProps) {
  const router = useRouter();
  const first = presets.find((p) => p.name === initialPreset) ?? presets[0];
  const [preset, setPreset] = useState<string>(first?.name ?? CUSTOM);
  const base = useMemo(
    () => specFieldsFrom(presets.find((p) => p.name === preset)?.spec ?? defaults),
    [preset, presets, defaults],
  );
  const [values, setValues] = useState<FormValues>(() => valuesFrom(specFieldsFrom(first?.spec ?? defaults)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [advancedOpen, setAdvancedOpen] = useState(presets.length === 0);
  const [submitting, setSubmitting] = useState(false);

  const context = useMemo(
    () => ({ bounds, workloadIds: workloads.map((w) => w.id), cacheModes }),
    [bounds, workloads, cacheModes],
  );
  const checked = useMemo(() => validateForm(values, context), [values, context]);
  const estimate = Object.keys(checked.errors).length === 0 ? estimateRunMs(checked.fields, workloads) : null;
  const overrides = preset === CUSTOM ? null : overridesOf(checked.fields, base);
  const edited = overrides !== null && Object.keys(overrides).length > 0;

  const groups = useMemo(() => {
    const byStudy = new Map<string, RunFormWorkload[]>();
    for (const w of workloads) byStudy.set(w.study, [...(byStudy.get(w.study) ?? []), w]);
    // The protocol floor first, then the studies in order.
    const rank = (study: string) => (study === "floor" ? "" : study);
    return [...byStudy.entries()]
      .sort(([a], [b]) => rank(a).localeCompare(rank(b)))
      .map(([study, list]) => ({ study, title: studyTitle(study, presets), list }));
  }, [workloads, presets]);

  function choosePreset(name: string) {
    setPreset(name);
    const chosen = presets.find((p) => p.name === name);
    if (chosen) setValues(valuesFrom(specFieldsFrom(chosen.spec)));
    setErrors({});
    setFormError(null);
  }

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  function toggle(key: "workloads" | "cacheModes", id: string, on: boolean) {
    setValues((v) => ({ ...v, [key]: on ? [...v[key], id] : v[key].filter((x) => x !== id) }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (Object.keys(checked.errors).length > 0) {
      setErrors(checked.errors);
      setAdvancedOpen(true);
      return;
    }
    if (estimate !== null && estimate > maxTotalRunMs) {
      setFormError(
        `This run would measure for about ${formatDuration(estimate)}, more than the ${formatDuration(maxTotalRunMs)} limit.`,
      );
      setAdvancedOpen(true);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const body = preset === CUSTOM ? { spec: checked.fields } : { preset, ...(edited ? { spec: overrides } : {}) };
    try {
      const response = await fetch("/api/runs", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => null)) as {
        id?: string;
        error?: { message?: string; fields?: { path: string; message: string }[] };
      } | null;
      if (response.status === 202 && answer?.id) {
        router.push(`/runs/${encodeURIComponent(answer.id)}`);
        return;
      }
      const fieldErrors: FieldErrors = {};
      const unplaced: string[] = [];
      for (const f of answer?.error?.fields ?? []) {
        const field = fieldOfPath(f.path);
        if (field) fieldErrors[field] = fieldErrors[field] ? `${fieldErrors[field]}; ${f.message}` : f.message;
        else unplaced.push(f.path ? `${f.path}: ${f.message}` : f.message);
      }
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) setAdvancedOpen(true);
      const message = answer?.error?.message ?? `The runner answered ${response.status}.`;
      setFormError(
        unplaced.length > 0
          ? `${message} — ${unplaced.join("; ")}`
          : Object.keys(fieldErrors).length > 0
            ? "The runner refused some values: see the marked fields."
            : message,
      );
    } catch {
      setFormError("Could not reach the web server. Is it still running?");
    }
    setSubmitting(false);
  }

  const fieldProps = (field: FormField) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": `${field}-hint`,
  });
  const hint = (field: FormField, extra?: string) => (
    <>
      <div className="hint" id={`${field}-hint`}>
        {[describeBound(field, bounds[field]), extra].filter(Boolean).join(" · ")}
      </div>
      {errors[field] ? (
        <div className="error" role="alert" data-field-error={field}>
          {errors[field]}
        </div>
      ) : null}
    </>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="run-form">
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
                checked={preset === p.name}
                onChange={() => choosePreset(p.name)}
              />
              <div className="preset-title">
                {p.title}
                {preset === p.name && edited ? <span className="tag">edited</span> : null}
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
              value=""
              checked={preset === CUSTOM}
              onChange={() => {
                setPreset(CUSTOM);
                setAdvancedOpen(true);
              }}
            />
            <div className="preset-title">Custom</div>
            <div className="preset-desc">
              Start from the current options and choose every workload and knob yourself.
            </div>
            <div className="preset-meta">no published figures</div>
          </label>
        </div>
      </section>

      <section className="section card card-pad">
        <details
          className="advanced"
          open={advancedOpen}
          onToggle={(e) => setAdvancedOpen((e.target as HTMLDetailsElement).open)}
        >
          <summary>
            Advanced options
            <span className="muted small" style={{ fontWeight: 400 }}>
              {checked.fields.workloads.length} workloads · {checked.fields.cacheModes.join(", ")} ·{" "}
              {values.connections} connections · {values.durationSeconds} s × {values.trials} trials
            </span>
          </summary>

          <div style={{ marginTop: 16 }}>
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
                          checked={values.workloads.includes(w.id)}
                          onChange={(e) => toggle("workloads", w.id, e.target.checked)}
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
              {hint("workloads")}
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
                      checked={values.cacheModes.includes(mode)}
                      onChange={(e) => toggle("cacheModes", mode, e.target.checked)}
                    />
                    {mode}
                  </label>
                ))}
              </div>
              <div className="hint">
                Apply to workloads that read through the cache; the others run once.{" "}
                {cacheModes.map((m) => `${m}: ${CACHE_HINT[m] ?? ""}`).join(" · ")}
              </div>
              {errors.cacheModes ? (
                <div className="error" role="alert" data-field-error="cacheModes">
                  {errors.cacheModes}
                </div>
              ) : null}
            </div>

            <div className="form-grid" style={{ marginTop: 18 }}>
              <div className="field">
                <label htmlFor="connections">Connections (in flight)</label>
                <input
                  id="connections"
                  className="input"
                  inputMode="numeric"
                  value={values.connections}
                  onChange={(e) => set("connections", e.target.value)}
                  {...fieldProps("connections")}
                />
                {hint("connections", "same on both sides")}
              </div>
              <div className="field">
                <label htmlFor="grpcConnections">gRPC connections (HTTP/2)</label>
                <input
                  id="grpcConnections"
                  className="input"
                  inputMode="numeric"
                  value={values.grpcConnections}
                  onChange={(e) => set("grpcConnections", e.target.value)}
                  {...fieldProps("grpcConnections")}
                />
                {hint("grpcConnections", "ghz default 1: shared")}
              </div>
              <div className="field">
                <label htmlFor="trials">Trials</label>
                <input
                  id="trials"
                  className="input"
                  inputMode="numeric"
                  value={values.trials}
                  onChange={(e) => set("trials", e.target.value)}
                  {...fieldProps("trials")}
                />
                {hint("trials", "≥ 2 for a confidence interval")}
              </div>
              <div className="field">
                <label htmlFor="duration">Measured window, s</label>
                <input
                  id="duration"
                  className="input"
                  inputMode="decimal"
                  value={values.durationSeconds}
                  onChange={(e) => set("durationSeconds", e.target.value)}
                  {...fieldProps("durationMs")}
                />
                {hint("durationMs")}
              </div>
              <div className="field">
                <label htmlFor="warmup">Warm-up, s</label>
                <input
                  id="warmup"
                  className="input"
                  inputMode="decimal"
                  value={values.warmupSeconds}
                  onChange={(e) => set("warmupSeconds", e.target.value)}
                  {...fieldProps("warmupMs")}
                />
                {hint("warmupMs", "discarded on both sides")}
              </div>
              <div className="field">
                <label htmlFor="rate">Rate, req/s per protocol</label>
                <input
                  id="rate"
                  className="input"
                  inputMode="numeric"
                  placeholder="closed loop"
                  value={values.rate}
                  onChange={(e) => set("rate", e.target.value)}
                  {...fieldProps("rate")}
                />
                {hint("rate", "empty: closed loop (service time)")}
              </div>
              <div className="field">
                <label htmlFor="payload">Upload payload size</label>
                <div className="input-group">
                  <input
                    id="payload"
                    className="input"
                    inputMode="decimal"
                    value={values.payloadSize}
                    onChange={(e) => set("payloadSize", e.target.value)}
                    {...fieldProps("payloadBytes")}
                  />
                  <select
                    className="input"
                    aria-label="Payload unit"
                    value={values.payloadUnit}
                    onChange={(e) => set("payloadUnit", e.target.value as PayloadUnit)}
                  >
                    {Object.keys(PAYLOAD_UNITS).map((u) => (
                      <option key={u}>{u}</option>
                    ))}
                  </select>
                </div>
                {hint("payloadBytes", "used by upload")}
              </div>
            </div>
          </div>
        </details>
      </section>

      {formError ? (
        <div className="banner banner-bad section" role="alert" data-testid="form-error">
          {formError}
        </div>
      ) : null}

      <div className="submit-bar">
        <button type="submit" className="btn btn-primary btn-big" disabled={submitting} data-testid="run-benchmark">
          {submitting ? "Starting…" : "Run benchmark"}
        </button>
        <div className="muted">
          {estimate !== null ? (
            <>
              About <strong className="num">{formatDuration(estimate)}</strong> of load (warm-up + window, both
              protocols, every trial), plus service start-up.
              {estimate > maxTotalRunMs ? (
                <span className="error-text"> Over the {formatDuration(maxTotalRunMs)} limit.</span>
              ) : null}
            </>
          ) : (
            "Fix the marked options to see how long the run takes."
          )}
        </div>
      </div>
    </form>
  );
}
