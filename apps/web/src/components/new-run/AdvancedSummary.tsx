import type { FormValues, validateForm } from "@/lib/spec-form/spec-form";
import { gridPointsOf } from "@/lib/spec-form/sweep-form";

/** The advanced options folded into one line: what the run measures, and how hard. */
export function AdvancedSummary({
  values,
  fields,
}: {
  values: FormValues;
  fields: ReturnType<typeof validateForm>["fields"];
}) {
  return (
    <summary>
      Advanced options
      <span className="muted small" style={{ fontWeight: 400 }}>
        {fields.workloads.length} workloads · {fields.cacheModes.join(", ")} · {values.connections} connections ·{" "}
        {values.durationSeconds} s × {values.trials} trials · {values.network.join(", ")} · {values.stacks.join(", ")}
        {fields.sweep
          ? ` · sweep ${fields.sweep.axes.map((a) => a.dimension).join(" × ")} (${gridPointsOf(fields.sweep)} points)`
          : ""}
      </span>
    </summary>
  );
}
