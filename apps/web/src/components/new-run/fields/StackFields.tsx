import type { StackPair } from "@relix/core/stacks/stack-pair";
import { choosePairSide } from "@/lib/spec-form/stack-form";
import type { FieldErrors, FormValues } from "@/lib/spec-form/spec-form";
import { sweptDimensions } from "@/lib/spec-form/sweep-form";
import { PairFields } from "./PairFields";
import { StackChecks } from "./StackChecks";

/**
 * The stacks every cell is measured through, grouped by the runtime that serves them, each with
 * what it isolates; and the pair every cell's verdict compares, whose two boxes stay checked.
 */
export function StackFields({
  values,
  errors,
  onChange,
}: {
  values: FormValues;
  errors: FieldErrors;
  onChange: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
}) {
  const swept = sweptDimensions(values.sweep).has("stacks");
  const choose = (side: keyof StackPair, id: string) => {
    const next = choosePairSide(values, side, id as StackPair[typeof side]);
    onChange("pair", next.pair);
    onChange("stacks", next.stacks);
  };
  return (
    <div className="field" style={{ marginTop: 16 }} data-testid="stack-fields">
      <PairFields pair={values.pair} errors={errors} onChoose={choose} />
      <StackChecks values={values} swept={swept} errors={errors} onChange={(next) => onChange("stacks", next)} />
    </div>
  );
}
