// The spec's `sweep` from --sweep DIM=v1,v2,... (once or twice). A numeric dimension takes whole
// numbers (sizes also with a unit, as --payload-size does), increasing and within the knob's
// bounds; a list dimension takes the names its own flag would (network, stacks, cacheModes).
import { cacheModes } from "../calls/cache-mode";
import { placementNames } from "../network/placements";
import { stackIds } from "../stacks/stacks";
import {
  listSweepDimensions,
  MAX_GRID_POINTS,
  MAX_SWEEP_VALUES,
  numericSweepBounds,
  numericSweepDimensions,
  sweepDimensions,
  sweepSchema,
  type NumericSweepDimension,
  type SweepAxis,
  type SweepDimension,
} from "../sweep/sweep-spec";
import { FlagValueError, parseByteSize, parseCount, parseList } from "./flag-values";
import { defineRunField } from "./run-field";

const MAX_AXES = 2;

/** `--sweep none`: measure the preset's point without the sweep it has. */
export const NO_SWEEP = "none";

const listChoices: Record<string, readonly string[]> = {
  // custom needs its figures, which --sweep has no room for: sweep it with --network and --rtt.
  network: placementNames.filter((name) => name !== "custom"),
  stacks: stackIds,
  cacheModes,
};

function parseAxis(raw: string): SweepAxis {
  const flag = `--sweep ${JSON.stringify(raw)}`;
  const at = raw.indexOf("=");
  if (at <= 0) throw new FlagValueError(`${flag}: give a dimension and its values, e.g. --sweep records=1,10,100,1000`);
  const dimension = raw.slice(0, at).trim();
  if (!(sweepDimensions as readonly string[]).includes(dimension)) {
    throw new FlagValueError(`${flag}: unknown dimension "${dimension}" (use ${sweepDimensions.join(", ")})`);
  }
  const items = parseList("sweep", raw.slice(at + 1));
  if (items.length < 2 || items.length > MAX_SWEEP_VALUES) {
    throw new FlagValueError(`${flag}: give from 2 to ${MAX_SWEEP_VALUES} values (got ${items.length})`);
  }
  const choices = listChoices[dimension];
  if (choices) {
    for (const item of items) {
      if (!choices.includes(item))
        throw new FlagValueError(`${flag}: unknown ${dimension} value "${item}" (use ${choices.join(", ")})`);
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
      throw new FlagValueError(`${flag}: values must increase (${items[i - 1]} then ${items[i]})`);
  }
  return { dimension: numeric, values };
}

/**
 * The sweep's axes from every --sweep given, undefined when there is none (the preset's sweep, if
 * any, stays), or null for `--sweep none`.
 */
function parseSweeps(raws: readonly string[]): SweepAxis[] | null | undefined {
  if (raws.length === 0) return undefined;
  if (raws.includes(NO_SWEEP)) {
    if (raws.length > 1) throw new FlagValueError(`--sweep ${NO_SWEEP} with another --sweep: give one or the other`);
    return null;
  }
  if (raws.length > MAX_AXES)
    throw new FlagValueError(`--sweep given ${raws.length} times: a sweep has at most ${MAX_AXES} axes`);
  const axes = raws.map(parseAxis);
  const seen = new Set<SweepDimension>();
  for (const axis of axes) {
    if (seen.has(axis.dimension)) throw new FlagValueError(`--sweep ${axis.dimension} given twice: sweep it once`);
    seen.add(axis.dimension);
  }
  const points = axes.reduce((n, a) => n * a.values.length, 1);
  if (points > MAX_GRID_POINTS) {
    throw new FlagValueError(
      `--sweep: ${axes.map((a) => `${a.values.length} ${a.dimension}`).join(" x ")} = ${points} grid points, at most ${MAX_GRID_POINTS}`,
    );
  }
  return axes;
}

/** Map one or two dimensions instead of one point, and find where the verdict changes (sweep/). */
export const sweepField = defineRunField({
  key: "sweep",
  schema: sweepSchema.optional(),
  cli: {
    flags: [
      {
        name: "sweep",
        multiple: true,
        value: "DIM=LIST",
        example: "records=1,10,100,1000",
        help: `map a dimension instead of one point, and find where the verdict changes (see SWEEPS); repeat for a second axis; ${numericSweepDimensions.join(", ")} take increasing numbers, ${listSweepDimensions.join(", ")} names; at most ${MAX_GRID_POINTS} grid points; none drops a preset's sweep`,
      },
    ],
    read: (texts, { preset }) => {
      const axes = parseSweeps(texts.all("sweep"));
      // The preset's refinement settings stay when the axes are replaced.
      if (!axes) return axes;
      const sweep = sweepSchema.safeParse({ axes, ...(preset.sweep ? { refine: preset.sweep.refine } : {}) });
      if (!sweep.success) throw new FlagValueError(`--sweep: ${sweep.error.issues[0]!.message}`);
      return sweep.data;
    },
  },
  form: { input: "section" },
});
