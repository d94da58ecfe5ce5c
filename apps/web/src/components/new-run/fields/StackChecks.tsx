import { stacks } from "@relix/core/stacks/stacks";
import { isFixedStack, stacksByRuntime, toggleStack } from "@/lib/spec-form/stack-form";
import type { FieldErrors, FormValues } from "@/lib/spec-form/spec-form";
import { sweptHint } from "@/lib/spec-form/sweep-form";

const RUNTIME_NAMES = { node: "Node", java: "Java (JVM)", python: "Python" } as const;

/** One box per stack, grouped by the runtime that serves it, each with what it isolates; the pair's stay checked. */
export function StackChecks({
  values,
  swept,
  errors,
  onChange,
}: {
  values: Pick<FormValues, "stacks" | "pair">;
  /** The sweep's stacks axis sets them: the boxes are then disabled. */
  swept: boolean;
  errors: FieldErrors;
  onChange: (stacks: FormValues["stacks"]) => void;
}) {
  return (
    <>
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
                  onChange={(e) => onChange(toggleStack(values.stacks, id, e.target.checked, values.pair))}
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
    </>
  );
}
