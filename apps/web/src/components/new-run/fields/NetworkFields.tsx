import type { PlacementName } from "@relix/core/network/placements";
import { sweptDimensions } from "@/lib/spec-form/sweep-form";
import type { FieldErrors, FormValues } from "@/lib/spec-form/spec-form";
import { CustomPlacementFigures } from "./CustomPlacementFigures";
import { PlacementChecks } from "./PlacementChecks";

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

  return (
    <div className="field" style={{ marginTop: 16 }} data-testid="network-fields">
      <PlacementChecks chosen={values.network} swept={swept} errors={errors} onToggle={toggle} />
      <CustomPlacementFigures values={values} enabled={custom} errors={errors} onChange={onChange} />
    </div>
  );
}
