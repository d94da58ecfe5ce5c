import { stacks } from "@relix/core/stacks/stacks";
import type { StackPair } from "@relix/core/stacks/stack-pair";
import { choosePairSide, isFixedStack, stacksByRuntime, stacksOfFamily, toggleStack } from "@/lib/spec-form/stack-form";
import type { FieldErrors, FormValues } from "@/lib/spec-form/spec-form";
import { sweptDimensions, sweptHint } from "@/lib/spec-form/sweep-form";

const RUNTIME_NAMES = { node: "Node", java: "Java (JVM)", python: "Python" } as const;
const SIDE_NAMES: Record<keyof StackPair, string> = { rest: "REST side", grpc: "gRPC side" };

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
      <span className="label" id="pair-label">
        Compared pair
      </span>
      <div className="input-group pair-group" role="group" aria-labelledby="pair-label" data-testid="pair-fields">
        {(["rest", "grpc"] as const).map((side) => (
          <select
            key={side}
            className="input"
            aria-label={`Pair: ${SIDE_NAMES[side]}`}
            name={`pair-${side}`}
            value={values.pair[side]}
            onChange={(e) => choose(side, e.target.value)}
          >
            {stacksOfFamily(side).map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        ))}
      </div>
      <div className="hint">
        every cell&apos;s verdict compares these two (both always measured); any REST stack against any gRPC stack,
        across runtimes too
      </div>
      {errors.pair ? (
        <div className="error" role="alert" data-field-error="pair">
          {errors.pair}
        </div>
      ) : null}

      <span className="label" id="stacks-label" style={{ marginTop: 12 }}>
        Stacks
      </span>
      {stacksByRuntime().map(({ runtime, stacks: ofRuntime }) => (
        <div key={runtime} role="group" aria-label={`${RUNTIME_NAMES[runtime]} stacks`} data-runtime={runtime}>
          <div className="hint">{RUNTIME_NAMES[runtime]}</div>
          {ofRuntime.map((id) => {
            const fixed = isFixedStack(id, values.pair);
            return (
              <label key={id} className="check">
                <input
                  type="checkbox"
                  name="stacks"
                  value={id}
                  checked={fixed || values.stacks.includes(id)}
                  disabled={fixed || swept}
                  onChange={(e) => onChange("stacks", toggleStack(values.stacks, id, e.target.checked, values.pair))}
                />
                <span>
                  {id}
                  {fixed ? " (the compared pair)" : ""}
                  <small>
                    {stacks[id].isolates} · driven by {stacks[id].tool}
                  </small>
                </span>
              </label>
            );
          })}
        </div>
      ))}
      <div className="hint">
        {swept ? `${sweptHint("stacks")} · ` : ""}each stack changes one layer (framework, encoding, transport, codec or
        runtime) of express or grpc-js and is compared with both of the pair; each runtime with a REST and a gRPC stack
        gets its own answer beside the pair&apos;s · every extra stack adds its own window to every cell
      </div>
      {errors.stacks ? (
        <div className="error" role="alert" data-field-error="stacks">
          {errors.stacks}
        </div>
      ) : null}
    </div>
  );
}
