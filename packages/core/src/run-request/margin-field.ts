// The equivalence margin a run reads its comparisons against (stats/equivalence-margin.ts): a
// winner is named only when the whole interval lies beyond it, and an interval wholly within it
// reads "the same within 5%".
import { z } from "zod";
import { DEFAULT_MARGIN, MAX_MARGIN } from "../stats/equivalence-margin";
import { FlagValueError } from "./flag-values";
import { singleFlag } from "./one-flag";
import { defineRunField } from "./run-field";

/** 0.05 -> "5%", 0.025 -> "2.5%": a margin the way the flag takes it back. */
export const marginText = (fraction: number) => `${+(fraction * 100).toFixed(2)}%`;

/**
 * "5%" or "5" (a bare number is a percentage too, as the margin is always said in percent) -> 0.05.
 * Throws FlagValueError naming the flag, the text and what is allowed.
 */
export function parseMargin(flag: string, raw: string): number {
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*%?$/.exec(raw.trim());
  const allowed = `from 0% to ${marginText(MAX_MARGIN)}`;
  if (!match)
    throw new FlagValueError(`--${flag} ${JSON.stringify(raw)}: not a percentage; use e.g. 5% or 5, ${allowed}`);
  const fraction = Number(match[1]) / 100;
  if (fraction > MAX_MARGIN) throw new FlagValueError(`--${flag} ${JSON.stringify(raw)}: must be ${allowed}`);
  return fraction;
}

/** Absent: DEFAULT_MARGIN, so a spec that does not say reads its comparisons as every run does. */
export const marginField = defineRunField({
  key: "margin",
  schema: z.number().min(0).max(MAX_MARGIN).optional(),
  cli: singleFlag(
    {
      name: "margin",
      value: "PERCENT",
      example: "5%",
      help: `equivalence margin: a winner is named only when the whole 95% interval is beyond it, an interval within it reads "the same within" it, anything else "not enough to tell"; 5% or 5, 0%-${marginText(MAX_MARGIN)}`,
      default: marginText(DEFAULT_MARGIN),
    },
    parseMargin,
    marginText,
  ),
  // Read-only in the form: the runner's default; `pnpm bench --margin` chooses per run.
  form: {
    input: "shown",
    id: "margin",
    label: "Equivalence margin",
    text: `${marginText(DEFAULT_MARGIN)}: a winner only beyond it, "the same" within it`,
    hint: "pnpm bench --margin 2% chooses per run",
  },
});
