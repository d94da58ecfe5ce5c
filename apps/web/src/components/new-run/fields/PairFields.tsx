import type { StackPair } from "@relix/core/stacks/stack-pair";
import { stacksOfFamily } from "@/lib/spec-form/stack-form";
import type { FieldErrors, FormValues } from "@/lib/spec-form/spec-form";

const SIDE_NAMES: Record<keyof StackPair, string> = { rest: "REST side", grpc: "gRPC side" };

/** The pair every cell's verdict compares: a REST stack and a gRPC stack. */
export function PairFields({
  pair,
  errors,
  onChoose,
}: {
  pair: FormValues["pair"];
  errors: FieldErrors;
  onChoose: (side: keyof StackPair, id: string) => void;
}) {
  return (
    <>
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
            value={pair[side]}
            onChange={(e) => onChoose(side, e.target.value)}
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
    </>
  );
}
