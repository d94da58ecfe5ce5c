import { PIN_CORES_BY_DEFAULT, restConnectionPolicies } from "@relix/core/spec/run-spec";
import {
  PAYLOAD_UNITS,
  type Bounds,
  type FieldErrors,
  type FormField,
  type FormValues,
  type PayloadUnit,
} from "@/lib/spec-form/spec-form";
import { sweptDimensions, sweptHint } from "@/lib/spec-form/sweep-form";
import type { SweepDimension } from "@relix/core/sweep/sweep-spec";
import { FieldHint, fieldProps } from "./FieldHint";

type TextKey = Exclude<
  keyof FormValues,
  "workloads" | "cacheModes" | "payloadUnit" | "echoUnit" | "restConnection" | "sweep"
>;

const PAYLOAD_UNIT_NAMES = Object.keys(PAYLOAD_UNITS) as PayloadUnit[];

/** The numbers that shape the load: connections, trials, windows, rate, sizes. An input the sweep sets is disabled. */
export function LoadFields({
  values,
  bounds,
  errors,
  onChange,
}: {
  values: FormValues;
  bounds: Bounds;
  errors: FieldErrors;
  onChange: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
}) {
  const swept = sweptDimensions(values.sweep);
  const isSwept = (field: FormField) => swept.has(field as SweepDimension);
  const input = (id: string, key: TextKey, field: FormField, mode: "numeric" | "decimal", placeholder?: string) => (
    <input
      id={id}
      className="input"
      inputMode={mode}
      placeholder={placeholder}
      value={values[key]}
      disabled={isSwept(field)}
      onChange={(e) => onChange(key, e.target.value)}
      {...fieldProps(field, errors)}
    />
  );
  const hint = (field: FormField, note?: string) => (
    <FieldHint
      field={field}
      bound={bounds[field]}
      errors={errors}
      note={isSwept(field) ? sweptHint(field as SweepDimension) : note}
    />
  );
  const unitPicker = (key: "payloadUnit" | "echoUnit", label: string, field: FormField) => (
    <select
      className="input"
      aria-label={label}
      value={values[key]}
      disabled={isSwept(field)}
      onChange={(e) => onChange(key, e.target.value as PayloadUnit)}
    >
      {PAYLOAD_UNIT_NAMES.map((u) => (
        <option key={u}>{u}</option>
      ))}
    </select>
  );

  return (
    <div className="form-grid" style={{ marginTop: 18 }}>
      <div className="field">
        <label htmlFor="connections">Connections (in flight)</label>
        {input("connections", "connections", "connections", "numeric")}
        {hint("connections", "same on both sides")}
      </div>
      <div className="field">
        <label htmlFor="grpcConnections">gRPC connections (HTTP/2)</label>
        {input("grpcConnections", "grpcConnections", "grpcConnections", "numeric")}
        {hint("grpcConnections", "ghz default 1: shared")}
      </div>
      <div className="field">
        <label htmlFor="restConnection">REST connections (TCP)</label>
        <select
          id="restConnection"
          className="input"
          value={values.restConnection}
          onChange={(e) => onChange("restConnection", e.target.value)}
          {...fieldProps("restConnection", errors)}
        >
          {restConnectionPolicies.map((policy) => (
            <option key={policy}>{policy}</option>
          ))}
        </select>
        {hint("restConnection", "per-request: a new connection per call; gRPC reuses its channel")}
      </div>
      <div className="field">
        <span id="pinCores-label">Cores</span>
        {/* Read-only: the runner's default; `pnpm bench --pin-cores on|off` chooses per run. */}
        <output className="input" aria-labelledby="pinCores-label" data-testid="pin-cores">
          {PIN_CORES_BY_DEFAULT ? "load generator and services pinned apart" : "shared by load generator and services"}
        </output>
        <div className="hint">runner default; pnpm bench --pin-cores on|off chooses per run (Linux, 2+ cores)</div>
      </div>
      <div className="field">
        <label htmlFor="trials">Trials</label>
        {input("trials", "trials", "trials", "numeric")}
        {hint("trials", "≥ 3 for an interval between runs; 1 gives one within the window")}
      </div>
      <div className="field">
        <label htmlFor="duration">Measured window, s</label>
        {input("duration", "durationSeconds", "durationMs", "decimal")}
        {hint("durationMs")}
      </div>
      <div className="field">
        <label htmlFor="warmup">Warm-up, s</label>
        {input("warmup", "warmupSeconds", "warmupMs", "decimal")}
        {hint("warmupMs", "discarded on both sides")}
      </div>
      <div className="field">
        <label htmlFor="rate">Rate, req/s per protocol</label>
        {input("rate", "rate", "rate", "numeric", "closed loop")}
        {hint("rate", "empty: closed loop (service time)")}
      </div>
      <div className="field">
        <label htmlFor="payload">Upload payload size</label>
        <div className="input-group">
          {input("payload", "payloadSize", "payloadBytes", "decimal")}
          {unitPicker("payloadUnit", "Payload unit", "payloadBytes")}
        </div>
        {hint("payloadBytes", "used by upload")}
      </div>
      <div className="field">
        <label htmlFor="records">Records per reply</label>
        {input("records", "records", "records", "numeric")}
        {hint("records", "used by item.list and item.stream")}
      </div>
      <div className="field">
        <label htmlFor="echoSize">Echo message size</label>
        <div className="input-group">
          {input("echoSize", "echoSize", "echoBytes", "decimal", "default (~0.5 KB)")}
          {unitPicker("echoUnit", "Echo size unit", "echoBytes")}
        </div>
        {hint("echoBytes", "used by echo; empty: study 001's message")}
      </div>
    </div>
  );
}
