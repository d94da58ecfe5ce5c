// Every flag of `pnpm bench`, once: each spec field brings its own from the run-field table
// (@relix/core/run-request), and the CLI adds the preset, the outputs and the switches. args.ts
// parses with this list and help.ts documents it, so a flag cannot exist without its help line.
import { DEFAULT_PRESET, runFields, specFromPreset, type FieldFlag, type RunFieldTable } from "@relix/core";

export interface FlagDefinition {
  name: string;
  short?: string;
  type: "string" | "boolean";
  multiple?: boolean;
  /** Placeholder shown in help: N, LIST, DURATION... */
  value?: string;
  help: string;
  /** What applies when the flag is absent. */
  default?: string;
  /** The default is the preset's value (shown for the default preset). */
  presetDefault?: boolean;
  /** A valid value, for "needs a value" errors. */
  example?: string;
}

const presetFlag: FlagDefinition = {
  name: "preset",
  type: "string",
  value: "NAME",
  example: "study-000",
  help: "start from a preset (see PRESETS); other flags override its values",
  default: DEFAULT_PRESET,
};

/** The flags that are about the command, not the run: where the result goes, what is printed. */
const commandFlags: readonly FlagDefinition[] = [
  {
    name: "json",
    type: "string",
    value: "FILE",
    example: "result.json",
    help: "write the result (relix.result/v1 JSON) here",
    default: "relix-results/<time>-<preset>.json",
  },
  { name: "no-json", type: "boolean", help: "do not write the result JSON" },
  { name: "md", type: "string", value: "FILE", example: "report.md", help: "also write a Markdown report" },
  {
    name: "csv",
    type: "string",
    value: "FILE",
    example: "result.csv",
    help: "also write a CSV: one row per cell x stack, every numeric field",
  },
  {
    name: "threshold",
    type: "string",
    multiple: true,
    value: "EXPR",
    example: "'grpc.p99<5ms'",
    help: "fail (exit 1) unless EXPR holds, e.g. 'grpc.p99<5ms' (see THRESHOLDS); repeatable",
  },
  { name: "quiet", short: "q", type: "boolean", help: "no progress on stderr (the report still goes to stdout)" },
  {
    name: "verbose",
    short: "v",
    type: "boolean",
    help: "the full report on stdout: every verdict's sentence, the clients' and layers' tables, published figures, the preset's notes and each finding's paragraph (the default is a short summary)",
  },
  {
    name: "explain",
    type: "string",
    value: "[CODE]",
    example: "RX009",
    help: "print what a finding code (RX001...) printed in a report means, and exit; alone, list every code",
  },
  {
    name: "no-color",
    type: "boolean",
    help: "no ANSI colours (also when NO_COLOR is set or output is not a terminal)",
  },
  { name: "help", short: "h", type: "boolean", help: "show this help" },
];

const stringFlag = (flag: FieldFlag, presetValue?: string): FlagDefinition => ({
  name: flag.name,
  type: "string",
  value: flag.value,
  example: flag.example,
  help: flag.help,
  ...(flag.multiple ? { multiple: true } : {}),
  ...(presetValue !== undefined
    ? { default: presetValue, presetDefault: true }
    : flag.default !== undefined
      ? { default: flag.default }
      : {}),
});

/** The flags of a table's fields, each field's own first with the default preset's value where it has one. */
export function flagsOf(fields: RunFieldTable): FlagDefinition[] {
  const base: Record<string, unknown> = specFromPreset(DEFAULT_PRESET);
  const fieldFlags = fields.flatMap((field) => {
    if (!field.cli) return [];
    const [own, ...parts] = field.cli.flags;
    const value = base[field.key];
    const shown = field.cli.show && value !== undefined ? field.cli.show(value) : undefined;
    return [stringFlag(own, shown), ...parts.map((part) => stringFlag(part))];
  });
  return [presetFlag, ...fieldFlags, ...commandFlags];
}

export const flags: readonly FlagDefinition[] = flagsOf(runFields);
