import { customBoundText } from "@/lib/spec-form/network-form";
import type { FieldErrors, FormValues } from "@/lib/spec-form/spec-form";
import { FieldHint, fieldProps } from "./FieldHint";

type FigureProps = {
  values: Pick<FormValues, "rtt" | "jitter" | "bandwidth">;
  /** The custom placement is chosen: its figures can be typed. */
  enabled: boolean;
  errors: FieldErrors;
  onChange: (key: "rtt" | "jitter" | "bandwidth", value: string) => void;
};

/** The custom placement's RTT, jitter and bandwidth, typed only while it is chosen. */
export function CustomPlacementFigures(props: FigureProps) {
  const { errors } = props;
  return (
    <div className="form-grid" style={{ marginTop: 12 }}>
      <div className="field">
        <label htmlFor="rttMs">Custom RTT, ms</label>
        <FigureInput {...props} id="rttMs" valueKey="rtt" />
        <FieldHint field="rttMs" errors={errors} note={customBoundText.rttMs} />
      </div>
      <div className="field">
        <label htmlFor="jitterMs">Custom jitter, ms</label>
        <FigureInput {...props} id="jitterMs" valueKey="jitter" placeholder="0" />
        <FieldHint field="jitterMs" errors={errors} note={`${customBoundText.jitterMs}, at most the RTT`} />
      </div>
      <div className="field">
        <label htmlFor="bandwidthMbps">Custom bandwidth, Mbit/s</label>
        <FigureInput {...props} id="bandwidthMbps" valueKey="bandwidth" placeholder="no cap" />
        <FieldHint field="bandwidthMbps" errors={errors} note={`${customBoundText.bandwidthMbps} each way`} />
      </div>
    </div>
  );
}

function FigureInput({
  id,
  valueKey,
  placeholder,
  values,
  enabled,
  errors,
  onChange,
}: FigureProps & {
  id: "rttMs" | "jitterMs" | "bandwidthMbps";
  valueKey: "rtt" | "jitter" | "bandwidth";
  placeholder?: string;
}) {
  return (
    <input
      id={id}
      className="input"
      inputMode="decimal"
      placeholder={placeholder}
      disabled={!enabled}
      value={values[valueKey]}
      onChange={(e) => onChange(valueKey, e.target.value)}
      {...fieldProps(id, errors)}
    />
  );
}
