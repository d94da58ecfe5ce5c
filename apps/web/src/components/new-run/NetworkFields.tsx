import { namedPlacements, placementNames, type PlacementName } from "@relix/core/network/placements";
import { customBoundText } from "@/lib/spec-form/network-form";
import { sweptDimensions, sweptHint } from "@/lib/spec-form/sweep-form";
import type { FieldErrors, FormValues } from "@/lib/spec-form/spec-form";
import { FieldHint, fieldProps } from "./FieldHint";

const CUSTOM_DESCRIPTION = "your own RTT, jitter and bandwidth (below)";

const describe = (name: PlacementName) => (name === "custom" ? CUSTOM_DESCRIPTION : namedPlacements[name].description);

/** The placements every cell is measured under, each with what it stands for, and the custom one's figures. */
export function NetworkFields({
  values,
  errors,
  onChange,
}: {
  values: FormValues;
  errors: FieldErrors;
  onChange: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
}) {
  const custom = values.network.includes("custom");
  const swept = sweptDimensions(values.sweep).has("network");
  const toggle = (name: PlacementName, on: boolean) =>
    onChange("network", on ? [...values.network, name] : values.network.filter((n) => n !== name));
  const figure = (
    id: "rttMs" | "jitterMs" | "bandwidthMbps",
    key: "rtt" | "jitter" | "bandwidth",
    placeholder?: string,
  ) => (
    <input
      id={id}
      className="input"
      inputMode="decimal"
      placeholder={placeholder}
      disabled={!custom}
      value={values[key]}
      onChange={(e) => onChange(key, e.target.value)}
      {...fieldProps(id, errors)}
    />
  );

  return (
    <div className="field" style={{ marginTop: 16 }} data-testid="network-fields">
      <span className="label" id="network-label">
        Network placements
      </span>
      <div role="group" aria-labelledby="network-label">
        {placementNames.map((name) => (
          <label key={name} className="check">
            <input
              type="checkbox"
              name="network"
              value={name}
              checked={values.network.includes(name)}
              disabled={swept}
              onChange={(e) => toggle(name, e.target.checked)}
            />
            <span>
              {name}
              <small>{describe(name)}</small>
            </span>
          </label>
        ))}
      </div>
      <FieldHint
        field="network"
        errors={errors}
        note={
          swept
            ? sweptHint("network")
            : "every cell is measured under each; all but loopback go through Toxiproxy, and one whose RTT misses its target is refused (same-zone is: Toxiproxy steps in whole ms)"
        }
      />
      <div className="form-grid" style={{ marginTop: 12 }}>
        <div className="field">
          <label htmlFor="rttMs">Custom RTT, ms</label>
          {figure("rttMs", "rtt")}
          <FieldHint field="rttMs" errors={errors} note={customBoundText.rttMs} />
        </div>
        <div className="field">
          <label htmlFor="jitterMs">Custom jitter, ms</label>
          {figure("jitterMs", "jitter", "0")}
          <FieldHint field="jitterMs" errors={errors} note={`${customBoundText.jitterMs}, at most the RTT`} />
        </div>
        <div className="field">
          <label htmlFor="bandwidthMbps">Custom bandwidth, Mbit/s</label>
          {figure("bandwidthMbps", "bandwidth", "no cap")}
          <FieldHint field="bandwidthMbps" errors={errors} note={`${customBoundText.bandwidthMbps} each way`} />
        </div>
      </div>
    </div>
  );
}
