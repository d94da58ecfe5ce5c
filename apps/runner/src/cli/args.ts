// argv -> a validated RunSpec, the outputs and the thresholds. Every mistake is a UsageError whose
// one-line message names the flag, the value and what is allowed.
//
// The spec's flags come from the run-field table: each field reads its own flags' text, and what
// they give is a run request (`{ preset, spec }`) resolved as the runner resolves one over HTTP.
//
// parseArgs runs with strict: false and tokens on, and this file rejects what strict mode would
// (unknown flags, missing values, values on switches, positionals) itself: strict mode's errors
// are long multi-line hints about '--' that do not say what is allowed, nor "did you mean".
import { parseArgs } from "node:util";
import {
  corePresets,
  DEFAULT_PRESET,
  resolveRunRequest,
  runFields,
  suggestion,
  type FlagTexts,
  type RunFieldTable,
  type RunPresets,
  type RunSpec,
} from "@relix/core";
import { parseThreshold, ThresholdSyntaxError, type Threshold } from "@relix/core/render/terminal/thresholds";
import { flagsOf, type FlagDefinition } from "./flags";
import { flagWording } from "./request-wording";
import { asUsage, UsageError } from "./usage-error";

export interface CliOutputs {
  json?: string;
  md?: string;
  csv?: string;
}

export interface CliRun {
  help: false;
  spec: RunSpec;
  /** Paths as given (relative ones are resolved by the caller against the user's directory). */
  outputs: CliOutputs;
  /** False with --no-json; otherwise the JSON goes to outputs.json or a default path. */
  writeJson: boolean;
  thresholds: Threshold[];
  quiet: boolean;
  noColor: boolean;
  /** --verbose: the full report instead of the short summary. */
  verbose: boolean;
}

export type CliArgs = { help: true } | CliRun;

export interface CliArgsOptions {
  /** Default: the run-field table (runFields). */
  fields?: RunFieldTable;
  /** Default: @relix/core's presets. */
  presets?: RunPresets;
}

type Values = Map<string, string | string[] | true>;

/** The raw flag values, with every structural mistake refused. */
function readFlags(argv: readonly string[], flags: readonly FlagDefinition[]): Values {
  const byName = new Map(flags.map((f) => [f.name, f]));
  const byShort = new Map(flags.filter((f) => f.short).map((f) => [f.short!, f]));
  // `pnpm bench -- --preset x` hands the script a leading "--"; it means nothing here.
  const args = argv[0] === "--" ? argv.slice(1) : [...argv];
  const options = Object.fromEntries(
    flags.map((f) => [
      f.name,
      { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) },
    ]),
  );
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  const values: Values = new Map();
  for (const token of tokens) {
    if (token.kind === "option-terminator")
      throw new UsageError(`unexpected "--" (flags come before it, and nothing may follow it)`);
    if (token.kind === "positional") {
      throw new UsageError(
        `unexpected argument ${JSON.stringify(token.value)} (every option is a --flag; values follow their flag)`,
      );
    }
    const flag: FlagDefinition | undefined = token.rawName.startsWith("--")
      ? byName.get(token.name)
      : (byShort.get(token.rawName.slice(1)) ?? byName.get(token.name));
    if (!flag) {
      const guess = suggestion(token.name, [...byName.keys()]);
      throw new UsageError(`unknown flag ${token.rawName}${guess ? ` (did you mean --${guess}?)` : ""}`);
    }
    if (flag.type === "boolean") {
      if (token.value !== undefined)
        throw new UsageError(`--${flag.name} takes no value (got ${JSON.stringify(token.value)})`);
      values.set(flag.name, true);
      continue;
    }
    // No flag value starts with "-": one that does is the next flag, so this one had no value.
    // (A negative number is let through, for the value parser to refuse with the allowed range.)
    const negativeNumber = token.value !== undefined && /^-\d/.test(token.value);
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith("-") && !negativeNumber)) {
      throw new UsageError(`--${flag.name} needs a value, e.g. --${flag.name} ${flag.example ?? flag.value}`);
    }
    const previous = values.get(flag.name);
    if (flag.multiple) values.set(flag.name, [...((previous as string[] | undefined) ?? []), token.value]);
    else if (previous !== undefined)
      throw new UsageError(
        `--${flag.name} given twice (${JSON.stringify(previous)} and ${JSON.stringify(token.value)}); give it once`,
      );
    else values.set(flag.name, token.value);
  }
  return values;
}

/** The spec fields the flags give, each read by its own entry of the table; a field not given is left out. */
function specFieldsFrom(texts: FlagTexts, fields: RunFieldTable, preset: RunSpec): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  for (const field of fields) {
    const value = field.cli && asUsage(() => field.cli!.read(texts, { preset }));
    if (value !== undefined) spec[field.key] = value;
  }
  return spec;
}

function parseThresholds(raws: readonly string[], spec: RunSpec): Threshold[] {
  return raws.map((raw) => {
    let threshold: Threshold;
    try {
      threshold = parseThreshold(raw);
    } catch (error) {
      if (error instanceof ThresholdSyntaxError) throw new UsageError(`--threshold ${error.message}`);
      throw error;
    }
    // Caught now rather than after the run: a gate on a workload that is not measured cannot pass.
    if (threshold.workload !== undefined && !spec.workloads.includes(threshold.workload)) {
      throw new UsageError(
        `--threshold ${JSON.stringify(raw)}: workload ${threshold.workload} is not in this run (running: ${spec.workloads.join(", ")})`,
      );
    }
    return threshold;
  });
}

export function parseCliArgs(argv: readonly string[], options: CliArgsOptions = {}): CliArgs {
  const { fields = runFields, presets = corePresets } = options;
  const values = readFlags(argv, flagsOf(fields));
  if (values.has("help")) return { help: true };

  const presetName = (values.get("preset") as string | undefined) ?? DEFAULT_PRESET;
  if (!presets.has(presetName)) {
    const names = presets.list().map((p) => p.name);
    const guess = suggestion(presetName, names);
    throw new UsageError(
      `--preset ${JSON.stringify(presetName)}: unknown preset${guess ? ` (did you mean ${guess}?)` : ""}; known: ${names.join(", ")}`,
    );
  }
  const text = (name: string) => values.get(name) as string | undefined;
  if (values.has("duration") && values.has("requests")) {
    throw new UsageError(
      `--duration ${JSON.stringify(text("duration"))} and --requests ${JSON.stringify(text("requests"))}: a window ends by time or by count, give one of them`,
    );
  }
  const texts: FlagTexts = {
    one: text,
    all: (name) => (values.get(name) as string[] | undefined) ?? [],
  };
  const spec = specFieldsFrom(texts, fields, presets.specFromPreset(presetName, {}));
  const resolved = resolveRunRequest(
    { preset: presetName, spec },
    { fields, presets, wording: flagWording(fields, texts) },
  );
  if (!resolved.ok) throw new UsageError(resolved.errors[0]!.message);

  if (values.has("json") && values.has("no-json"))
    throw new UsageError(`--json ${JSON.stringify(values.get("json"))} and --no-json: give one of them`);
  const outputs: CliOutputs = {};
  for (const name of ["json", "md", "csv"] as const) {
    const path = values.get(name) as string | undefined;
    if (path !== undefined) outputs[name] = path;
  }
  return {
    help: false,
    spec: resolved.spec,
    outputs,
    writeJson: !values.has("no-json"),
    thresholds: parseThresholds((values.get("threshold") as string[] | undefined) ?? [], resolved.spec),
    quiet: values.has("quiet"),
    noColor: values.has("no-color"),
    verbose: values.has("verbose"),
  };
}

/**
 * `--explain`, `--explain RX009` or `--explain=RX009`: a question about the reports, not a run, so
 * it is answered before any other flag is read. The code, null for the list, undefined when not asked.
 */
export function explainRequest(argv: readonly string[]): string | null | undefined {
  const index = argv.findIndex((arg) => arg === "--explain" || arg.startsWith("--explain="));
  if (index < 0) return undefined;
  const arg = argv[index]!;
  if (arg.startsWith("--explain=")) return arg.slice("--explain=".length) || null;
  const next = argv[index + 1];
  return next !== undefined && !next.startsWith("-") ? next : null;
}
