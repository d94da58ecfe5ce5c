// argv -> a validated RunSpec, the outputs and the thresholds. Every mistake is a UsageError whose
// one-line message names the flag, the value and what is allowed.
//
// parseArgs runs with strict: false and tokens on, and this file rejects what strict mode would
// (unknown flags, missing values, values on switches, positionals) itself: strict mode's errors
// are long multi-line hints about '--' that do not say what is allowed, nor "did you mean".
import { parseArgs } from "node:util";
import {
  cacheModes,
  DEFAULT_PRESET,
  findPreset,
  measuringOverLimit,
  getPreset,
  presetNames,
  restConnectionPolicies,
  serverDelayProblem,
  specBounds as b,
  specFromPreset,
  workloadIds,
  type PresetOverrides,
  type RunSpec,
} from "@relix/core";
import { parseThreshold, ThresholdSyntaxError, type Threshold } from "@relix/core/render/thresholds";
import { flags, type FlagDefinition } from "./flags";
import { networkFrom } from "./network-args";
import { parseStacks } from "./stacks-args";
import { parseSweeps } from "./sweep-args";
import { parseByteSize, parseCount, parseDurationMs, parseList } from "./values";
import { UsageError } from "./usage-error";

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
}

export type CliArgs = { help: true } | CliRun;

const byName = new Map(flags.map((f) => [f.name, f]));
const byShort = new Map(flags.filter((f) => f.short).map((f) => [f.short!, f]));

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

function suggestion(input: string, candidates: readonly string[]): string {
  const best = candidates
    .map((c) => ({ c, d: c.startsWith(input) ? 0 : editDistance(input, c) }))
    .sort((x, y) => x.d - y.d)[0];
  return best && best.d <= Math.max(2, Math.floor(input.length / 3)) ? best.c : "";
}

type Values = Map<string, string | string[] | true>;

/** The raw flag values, with every structural mistake refused. */
function readFlags(argv: readonly string[]): Values {
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

function parseWorkloads(raw: string): string[] {
  const ids = parseList("workloads", raw).flatMap((item) => {
    if (item.includes("*")) {
      const pattern = new RegExp(
        `^${item
          .split("*")
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
          .join("[^,]*")}$`,
      );
      const matched = workloadIds.filter((id) => pattern.test(id));
      if (matched.length === 0)
        throw new UsageError(
          `--workloads ${JSON.stringify(raw)}: "${item}" matches no workload (known: ${workloadIds.join(", ")})`,
        );
      return matched;
    }
    if (!workloadIds.includes(item)) {
      const guess = suggestion(item, workloadIds);
      throw new UsageError(
        `--workloads ${JSON.stringify(raw)}: unknown workload "${item}"${guess ? ` (did you mean ${guess}?)` : ""}; known: ${workloadIds.join(", ")}`,
      );
    }
    return [item];
  });
  const unique = [...new Set(ids)];
  if (unique.length > b.workloads.max)
    throw new UsageError(
      `--workloads ${JSON.stringify(raw)}: ${unique.length} workloads, at most ${b.workloads.max} per run`,
    );
  return unique;
}

function parseCacheModes(raw: string): RunSpec["cacheModes"] {
  return parseList("cache", raw).map((mode) => {
    if (!(cacheModes as readonly string[]).includes(mode)) {
      throw new UsageError(
        `--cache ${JSON.stringify(raw)}: unknown cache mode "${mode}" (use ${cacheModes.join(", ")})`,
      );
    }
    return mode as RunSpec["cacheModes"][number];
  });
}

function parseRestConnection(raw: string): RunSpec["restConnection"] {
  const policy = restConnectionPolicies.find((p) => p === raw);
  if (!policy) {
    throw new UsageError(`--rest-connection ${JSON.stringify(raw)}: use ${restConnectionPolicies.join(" or ")}`);
  }
  return policy;
}

function parseOnOff(name: string, raw: string): boolean {
  if (raw === "on" || raw === "off") return raw === "on";
  throw new UsageError(`--${name} ${JSON.stringify(raw)}: use on or off`);
}

function overridesFrom(values: Values, presetName: string): PresetOverrides {
  const text = (name: string) => values.get(name) as string | undefined;
  const with_ = <T>(name: string, parse: (raw: string) => T): T | undefined => {
    const raw = text(name);
    return raw === undefined ? undefined : parse(raw);
  };
  if (values.has("duration") && values.has("requests")) {
    throw new UsageError(
      `--duration ${JSON.stringify(text("duration"))} and --requests ${JSON.stringify(text("requests"))}: a window ends by time or by count, give one of them`,
    );
  }
  const axes = parseSweeps((values.get("sweep") as string[] | undefined) ?? []);
  // A swept dimension's own flag would be overwritten at every point: refuse the pair rather than
  // quietly ignore one of them.
  const flagOfDimension = {
    network: "network",
    stacks: "stacks",
    cacheModes: "cache",
    records: "records",
    echoBytes: "echo-size",
    payloadBytes: "payload-size",
    connections: "connections",
  } as const;
  for (const axis of axes ?? []) {
    const flag = axis.dimension === "network" && values.has("rtt") ? "rtt" : flagOfDimension[axis.dimension];
    if (values.has(flag))
      throw new UsageError(
        `--sweep ${axis.dimension}=... and --${flag} ${JSON.stringify(text(flag))}: the sweep's values are the run's ${axis.dimension}; give one of them`,
      );
  }
  const presetSweep = getPreset(presetName).spec.sweep;
  return {
    // The preset's refinement settings stay when the axes are replaced.
    sweep: axes && { axes, ...(presetSweep?.refine ? { refine: presetSweep.refine } : {}) },
    workloads: with_("workloads", parseWorkloads),
    cacheModes: with_("cache", parseCacheModes),
    connections: with_("connections", (raw) => parseCount("connections", raw, b.connections)),
    grpcConnections: with_("grpc-connections", (raw) => parseCount("grpc-connections", raw, b.grpcConnections)),
    restConnection: with_("rest-connection", parseRestConnection),
    stacks: with_("stacks", parseStacks),
    pinCores: with_("pin-cores", (raw) => parseOnOff("pin-cores", raw)),
    durationMs: with_("duration", (raw) => parseDurationMs("duration", raw, b.durationMs)),
    requests: with_("requests", (raw) => parseCount("requests", raw, b.requests)),
    warmupMs: with_("warmup", (raw) => parseDurationMs("warmup", raw, b.warmupMs)),
    rate: with_("rate", (raw) => parseCount("rate", raw, b.rate)),
    trials: with_("trials", (raw) => parseCount("trials", raw, b.trials)),
    payloadBytes: with_("payload-size", (raw) => parseByteSize("payload-size", raw, b.payloadBytes)),
    records: with_("records", (raw) => parseCount("records", raw, b.records)),
    echoBytes: with_("echo-size", (raw) => parseByteSize("echo-size", raw, b.echoBytes)),
    serverDelayMs: with_("server-delay", (raw) => parseDurationMs("server-delay", raw, b.serverDelayMs, "ms")),
    streamMessages: with_("stream-messages", (raw) => parseCount("stream-messages", raw, b.streamMessages)),
    keyCount: with_("keys", (raw) => parseCount("keys", raw, b.keyCount)),
    dotLength: with_("dot-length", (raw) => parseCount("dot-length", raw, b.dotLength)),
    network: networkFrom(
      { network: text("network"), rtt: text("rtt"), jitter: text("jitter"), bandwidth: text("bandwidth") },
      specFromPreset(presetName).network,
    ),
  };
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

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const values = readFlags(argv);
  if (values.has("help")) return { help: true };

  const presetName = (values.get("preset") as string | undefined) ?? DEFAULT_PRESET;
  if (!findPreset(presetName)) {
    const guess = suggestion(presetName, presetNames);
    throw new UsageError(
      `--preset ${JSON.stringify(presetName)}: unknown preset${guess ? ` (did you mean ${guess}?)` : ""}; known: ${presetNames.join(", ")}`,
    );
  }
  let spec: RunSpec;
  try {
    spec = specFromPreset(getPreset(presetName).name, overridesFrom(values, presetName));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message);
  }
  const overLimit = measuringOverLimit(spec);
  if (overLimit) {
    const shorter =
      spec.requests !== undefined
        ? `fewer --requests${spec.rate === undefined ? "" : " or a higher --rate"}, or shorter warm-ups`
        : "or shorter windows";
    throw new UsageError(`${overLimit.sentence}: fewer values, cells or trials, ${shorter}`);
  }
  const delayProblem = serverDelayProblem(spec);
  if (delayProblem) throw new UsageError(`--server-delay ${spec.serverDelayMs}ms: ${delayProblem}`);

  if (values.has("json") && values.has("no-json"))
    throw new UsageError(`--json ${JSON.stringify(values.get("json"))} and --no-json: give one of them`);
  const outputs: CliOutputs = {};
  for (const name of ["json", "md", "csv"] as const) {
    const path = values.get(name) as string | undefined;
    if (path !== undefined) outputs[name] = path;
  }
  return {
    help: false,
    spec,
    outputs,
    writeJson: !values.has("no-json"),
    thresholds: parseThresholds((values.get("threshold") as string[] | undefined) ?? [], spec),
    quiet: values.has("quiet"),
    noColor: values.has("no-color"),
  };
}
