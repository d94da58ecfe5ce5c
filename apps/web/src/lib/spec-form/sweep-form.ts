import { isNumericDimension } from "@relix/core/sweep/sweep-plan";
import {
  listSweepDimensions,
  MAX_GRID_POINTS,
  numericSweepBounds,
  sweepDimensions,
  sweepSchema,
  type SweepDimension,
} from "@relix/core/sweep/sweep-spec";

// The new-run form's sweep: up to two axes, each a dimension and its values typed as a comma-separated
// list, checked against the core's own sweep schema (the runner checks again, with its time budget).

export interface SweepAxisValues {
  /** "" : no axis. */
  dimension: SweepDimension | "";
  /** "1, 10, 100" as typed. */
  values: string;
}

export type SweepFormValues = [SweepAxisValues, SweepAxisValues];

/** What a spec's sweep asks for (axes and the refinement budget): the shape the runner takes. */
export type SweepFields = { axes: Array<{ dimension: SweepDimension; values: Array<number | string> }> };

export const NO_SWEEP: SweepFormValues = [
  { dimension: "", values: "" },
  { dimension: "", values: "" },
];

export const SWEEP_DIMENSION_TEXT: Record<SweepDimension, string> = {
  records: "records per reply (item.list, item.stream)",
  payloadBytes: "upload size, bytes (upload)",
  echoBytes: "echo message size, bytes (echo)",
  connections: "connections (requests in flight)",
  network: "network placement",
  stacks: "stacks",
  cacheModes: "cache mode",
};

export const isNumericSweep = isNumericDimension;

/** The hint under a dimension's values: its bounds, or the names it takes. */
export function sweepValuesHint(dimension: SweepDimension | ""): string {
  if (dimension === "") return "";
  if (isNumericSweep(dimension)) {
    const { min, max } = numericSweepBounds[dimension];
    return `whole numbers from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}, increasing`;
  }
  return (listSweepDimensions as readonly string[]).includes(dimension) ? "names, e.g. loopback, cross-region" : "";
}

/** A value as typed back into the input; a custom placement by its name. */
const valueText = (v: unknown) => (typeof v === "object" && v !== null && "name" in v ? String(v.name) : String(v));

export function sweepValuesFrom(
  sweep: { axes?: ReadonlyArray<{ dimension: SweepDimension; values: readonly unknown[] }> } | undefined,
): SweepFormValues {
  const axes = sweep?.axes ?? [];
  const axis = (i: number): SweepAxisValues =>
    axes[i]
      ? { dimension: axes[i].dimension, values: axes[i].values.map(valueText).join(", ") }
      : { dimension: "", values: "" };
  return [axis(0), axis(1)];
}

/** The sweep as typed -> the spec's `sweep` (undefined when no axis is chosen) or the error to show. */
export function validateSweep(values: SweepFormValues): { sweep?: SweepFields; error?: string } {
  const chosen = values.filter((a): a is SweepAxisValues & { dimension: SweepDimension } => a.dimension !== "");
  if (chosen.length === 0) return {};
  const axes = chosen.map((a) => {
    const items = a.values
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    return { dimension: a.dimension, values: isNumericSweep(a.dimension) ? items.map(Number) : items };
  });
  for (const a of axes)
    if (a.values.some((v) => typeof v === "number" && !Number.isInteger(v)))
      return { error: `${a.dimension}: whole numbers, separated by commas` };
  const parsed = sweepSchema.safeParse({ axes });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const axis = issue.path[0] === "axes" && typeof issue.path[1] === "number" ? axes[issue.path[1]] : undefined;
    return { error: axis ? `${axis.dimension}: ${issue.message}` : issue.message };
  }
  return { sweep: { axes } };
}

/** The dimensions the sweep section sets: their own inputs are then disabled (the sweep's values win). */
export function sweptDimensions(values: SweepFormValues): ReadonlySet<SweepDimension> {
  return new Set(values.flatMap((a) => (a.dimension === "" ? [] : [a.dimension])));
}

/** The hint an input set by the sweep shows instead of its own. */
export const sweptHint = (dimension: SweepDimension) => `set by the sweep's ${dimension} axis below`;

/** Grid points of a sweep (at most MAX_GRID_POINTS), 1 without one. */
export const gridPointsOf = (sweep: SweepFields | undefined) =>
  sweep ? sweep.axes.reduce((n, a) => n * a.values.length, 1) : 1;

export { MAX_GRID_POINTS, sweepDimensions };
