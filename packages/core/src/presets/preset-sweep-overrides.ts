import { runFields, sweepDimensionFieldsOf } from "../run-request/run-fields";
import { DEFAULT_STACKS } from "../stacks/stacks";
import type { SweepAxis } from "../sweep/sweep-spec";
import type { PresetSpec } from "./preset";

/**
 * What a user may put over a preset: any spec field, and `sweep: null` to measure the preset's
 * point without its sweep (an absent field keeps the preset's value, so only null can say "none").
 */
type PresetSweep = NonNullable<PresetSpec["sweep"]>;
type PresetAxis = PresetSweep["axes"][number];
export type PresetOverrides = Partial<Omit<PresetSpec, "sweep">> & { sweep?: PresetSweep | null };

/**
 * The spec field an axis of each dimension stands for (the run-field table says which field sweeps
 * which dimension): giving it fixes or narrows a preset's axis.
 */
export const sweepDimensionField = sweepDimensionFieldsOf(runFields) as Record<
  SweepAxis["dimension"],
  keyof PresetSpec
>;

/**
 * The values a given field puts on its axis. A stacks list always holds express and grpc-js (every
 * other stack is compared with them), so on a stacks axis only the others are values of their own.
 */
function axisValuesOf(dimension: SweepAxis["dimension"], given: unknown): unknown[] | null {
  if (!Array.isArray(given)) return null;
  const values: unknown[] = given;
  return dimension === "stacks" ? values.filter((id) => !(DEFAULT_STACKS as readonly unknown[]).includes(id)) : values;
}

/**
 * The preset's sweep once the user's fields are over it. A sweep given (or null) replaces it.
 * Otherwise each axis whose own field the user set follows that field, because the user asked for
 * those values and a preset's axis must not quietly measure others: a list of two or more values
 * becomes the axis's values, a single value (or a number) fixes the dimension and drops the axis.
 * No axis left: no sweep.
 */
export function presetSweepWithOverrides(
  presetSweep: PresetSweep | undefined,
  overrides: PresetOverrides,
): PresetSweep | undefined {
  if (overrides.sweep === null) return undefined;
  if (overrides.sweep !== undefined || !presetSweep) return overrides.sweep ?? presetSweep;
  const axes: PresetAxis[] = [];
  for (const axis of presetSweep.axes) {
    const given = overrides[sweepDimensionField[axis.dimension]];
    const values = axisValuesOf(axis.dimension, given);
    if (given === undefined) axes.push(axis);
    else if (values && values.length >= 2) axes.push({ ...axis, values } as PresetAxis);
  }
  return axes.length === 0 ? undefined : { ...presetSweep, axes };
}
