// --sweep DIM=v1,v2,... (once or twice) -> the spec's `sweep`. A numeric dimension takes whole
// numbers (sizes also with a unit, as --payload-size does), increasing and within the knob's
// bounds; a list dimension takes the names its own flag would (network, stacks, cacheModes).
// Every mistake is one line naming the flag, the value and what is allowed.
import {
  cacheModes,
  MAX_GRID_POINTS,
  MAX_SWEEP_VALUES,
  numericSweepBounds,
  sweepDimensions,
  type NumericSweepDimension,
  type SweepAxis,
  type SweepDimension,
} from "@relix/core";
import { placementNames } from "@relix/core/network/placements";
import { stackIds } from "@relix/core/stacks/stacks";
import { parseByteSize, parseCount, parseList } from "./values";
import { UsageError } from "./usage-error";

const MAX_AXES = 2;

const listChoices: Record<string, readonly string[]> = {
  // custom needs its figures, which --sweep has no room for: sweep it with --network and --rtt.
  network: placementNames.filter((name) => name !== "custom"),
  stacks: stackIds,
  cacheModes,
};

function parseAxis(raw: string): SweepAxis {
  const flag = `--sweep ${JSON.stringify(raw)}`;
  const at = raw.indexOf("=");
  if (at <= 0) throw new UsageError(`${flag}: give a dimension and its values, e.g. --sweep records=1,10,100,1000`);
  const dimension = raw.slice(0, at).trim();
  if (!(sweepDimensions as readonly string[]).includes(dimension)) {
    throw new UsageError(`${flag}: unknown dimension "${dimension}" (use ${sweepDimensions.join(", ")})`);
  }
  const items = parseList("sweep", raw.slice(at + 1));
  if (items.length < 2 || items.length > MAX_SWEEP_VALUES) {
    throw new UsageError(`${flag}: give from 2 to ${MAX_SWEEP_VALUES} values (got ${items.length})`);
  }
  const choices = listChoices[dimension];
  if (choices) {
    for (const item of items) {
      if (!choices.includes(item))
        throw new UsageError(`${flag}: unknown ${dimension} value "${item}" (use ${choices.join(", ")})`);
    }
    return { dimension, values: items } as SweepAxis;
  }
  const numeric = dimension as NumericSweepDimension;
  const bound = numericSweepBounds[numeric];
  const values = items.map((item) =>
    numeric === "payloadBytes" || numeric === "echoBytes"
      ? parseByteSize(`sweep ${dimension}=`, item, bound)
      : parseCount(`sweep ${dimension}=`, item, bound),
  );
  for (let i = 1; i < values.length; i++) {
    if (values[i]! <= values[i - 1]!)
      throw new UsageError(`${flag}: values must increase (${items[i - 1]} then ${items[i]})`);
  }
  return { dimension: numeric, values };
}

/** `--sweep none`: measure the preset's point without the sweep it has. */
export const NO_SWEEP = "none";

/**
 * The sweep's axes from every --sweep given, undefined when there is none (the preset's sweep, if
 * any, stays), or null for `--sweep none`.
 */
export function parseSweeps(raws: readonly string[]): SweepAxis[] | null | undefined {
  if (raws.length === 0) return undefined;
  if (raws.includes(NO_SWEEP)) {
    if (raws.length > 1) throw new UsageError(`--sweep ${NO_SWEEP} with another --sweep: give one or the other`);
    return null;
  }
  if (raws.length > MAX_AXES)
    throw new UsageError(`--sweep given ${raws.length} times: a sweep has at most ${MAX_AXES} axes`);
  const axes = raws.map(parseAxis);
  const seen = new Set<SweepDimension>();
  for (const axis of axes) {
    if (seen.has(axis.dimension)) throw new UsageError(`--sweep ${axis.dimension} given twice: sweep it once`);
    seen.add(axis.dimension);
  }
  const points = axes.reduce((n, a) => n * a.values.length, 1);
  if (points > MAX_GRID_POINTS) {
    throw new UsageError(
      `--sweep: ${axes.map((a) => `${a.values.length} ${a.dimension}`).join(" x ")} = ${points} grid points, at most ${MAX_GRID_POINTS}`,
    );
  }
  return axes;
}
