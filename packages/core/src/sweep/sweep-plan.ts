import { placementName } from "../network/placements";
import type { RunSpec } from "../spec/run-spec";
import { completedStacks } from "../stacks/stack-list";
import { numericSweepDimensions, type NumericSweepDimension, type Sweep, type SweepAxis } from "./sweep-spec";
import type { SweepCoords } from "./sweep-result";

type NumericAxis = Extract<SweepAxis, { dimension: NumericSweepDimension }>;

export const isNumericDimension = (dimension: string): dimension is NumericSweepDimension =>
  (numericSweepDimensions as readonly string[]).includes(dimension);

export const isNumericAxis = (axis: SweepAxis): axis is NumericAxis => isNumericDimension(axis.dimension);

/** The axis the crossover search bisects: the first numeric one (none when only lists are swept). */
export function searchedAxis(sweep: Sweep): NumericAxis | undefined {
  return sweep.axes.find(isNumericAxis);
}

/** A list axis's values as the points' coordinates name them (a placement by its name). */
export function axisValueNames(axis: SweepAxis): Array<number | string> {
  if (axis.dimension === "network") return axis.values.map((p) => placementName(p));
  return [...axis.values];
}

/**
 * The spec with each list axis laid out as its own dimension: a network axis is the run's
 * placements, a cacheModes axis its cache modes, a stacks axis its stacks (completed as a
 * `--stacks` list is, stacks/stack-list.ts, with the run's pair). What the run measures and what it is
 * estimated from, whatever the spec said for those lists.
 */
export function sweepListsApplied<
  S extends Pick<RunSpec, "cacheModes"> & Partial<Pick<RunSpec, "network" | "stacks" | "sweep" | "pair">>,
>(spec: S): S {
  if (!spec.sweep) return spec;
  let out: S = spec;
  for (const axis of spec.sweep.axes) {
    if (axis.dimension === "network") out = { ...out, network: [...axis.values] };
    else if (axis.dimension === "cacheModes") out = { ...out, cacheModes: [...axis.values] };
    else if (axis.dimension === "stacks") {
      out = { ...out, stacks: completedStacks(axis.values, spec.pair) };
    }
  }
  return out;
}

/** Every combination of the numeric axes' values (one empty combination when none is numeric). */
export function numericGrid(sweep: Sweep): SweepCoords[] {
  return sweep.axes
    .filter(isNumericAxis)
    .reduce<SweepCoords[]>(
      (grid, axis) => grid.flatMap((coords) => axis.values.map((v) => ({ ...coords, [axis.dimension]: v }))),
      [{}],
    );
}

/** Every grid point: all the axes' values crossed. */
export function gridPoints(sweep: Sweep): SweepCoords[] {
  return sweep.axes.reduce<SweepCoords[]>(
    (grid, axis) => grid.flatMap((coords) => axisValueNames(axis).map((v) => ({ ...coords, [axis.dimension]: v }))),
    [{}],
  );
}

/** The spec measured at one combination of numeric values: each knob set to its coordinate. */
export function specAtCoords(spec: RunSpec, coords: SweepCoords): RunSpec {
  const knobs: Partial<Record<NumericSweepDimension, number>> = {};
  for (const [dimension, value] of Object.entries(coords)) {
    if (isNumericDimension(dimension) && typeof value === "number") knobs[dimension] = value;
  }
  const swept: RunSpec = { ...spec, ...knobs };
  // A swept connection count is the load for every workload, as the flag would be: a workload's
  // own load would otherwise quietly win over it.
  if (knobs.connections !== undefined) delete swept.workloadLoads;
  return swept;
}

/**
 * The spec a sweep's points take their workloads' loads from: where the connection count is swept,
 * it is every workload's load (specAtCoords drops their own), so their own rates do not apply.
 */
export function sweepLoadBase<S extends Partial<Pick<RunSpec, "sweep" | "workloadLoads">>>(spec: S): S {
  if (!spec.sweep?.axes.some((axis) => axis.dimension === "connections")) return spec;
  const { workloadLoads: _dropped, ...rest } = spec;
  return rest as S;
}

/** How a coordinate key reads: "records=1000,network=loopback", in the axes' order. */
export function coordsKey(coords: SweepCoords, dimensions: readonly string[]): string {
  return dimensions
    .filter((d) => coords[d] !== undefined)
    .map((d) => `${d}=${coords[d]}`)
    .join(",");
}
