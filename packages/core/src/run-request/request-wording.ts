import type { MeasuringOverLimit } from "../presets/measuring-limit";
import type { RunSpec } from "../spec/run-spec";
import type { SweepDimension } from "../sweep/sweep-spec";

/**
 * How the checks that look at several fields at once say what is wrong. The rules are one
 * (resolve-run-request.ts); each surface names fields its own way: the HTTP API and the form by
 * field, `pnpm bench` by flag (cli/request-wording.ts).
 */
export interface RunRequestWording {
  /** `field` was given beside an axis of `dimension`, which sets it at every point. */
  sweptField(dimension: SweepDimension, field: string): string;
  /** The run would measure for longer than the limit. */
  overTimeLimit(over: MeasuringOverLimit, spec: RunSpec): string;
  /** The server delay asks for more than one request may (spec/delay-budget.ts says why). */
  delayBudget(problem: string, spec: RunSpec): string;
}

/** The runner's HTTP API and the web app: by field name, as a form shows beside its input. */
export const fieldWording: RunRequestWording = {
  sweptField: (dimension, field) =>
    `the sweep's ${dimension} axis sets ${field} at every point: give the axis or the field, not both`,
  overTimeLimit: (over, spec) => {
    const shorter =
      spec.requests !== undefined
        ? `fewer requests${spec.rate === undefined ? "" : " or a higher rate"}, or shorter warm-ups`
        : "or shorter windows";
    return `${over.sentence}: choose fewer ${spec.sweep ? "sweep values, " : ""}workloads, cache modes or trials, ${shorter}`;
  },
  delayBudget: (problem) => problem,
};
