import { parseArgs } from "node:util";
import { parseCount, parseSeconds } from "./local-stack";

/** The knobs the comparison scripts share: every window in whole seconds, as the CLI tools take them. */
export interface ComparisonOptions {
  durationMs: number;
  warmupMs: number;
  connections: number;
  rounds: number;
  /** The script's own on/off switches it named (e.g. --pin), each true when given. */
  switches: Record<string, boolean>;
}

/** Reads --duration, --warmup, --connections, --rounds and `switches` (or prints `usage` for --help). */
export function readComparisonOptions(
  usage: string,
  defaults: { rounds: number; duration?: string },
  switches: readonly string[] = [],
): ComparisonOptions {
  const { values } = parseArgs({
    options: {
      ...Object.fromEntries(switches.map((name) => [name, { type: "boolean" as const, default: false }])),
      duration: { type: "string", default: defaults.duration ?? "5s" },
      warmup: { type: "string", default: "1s" },
      connections: { type: "string", default: "8" },
      rounds: { type: "string", default: String(defaults.rounds) },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const durationMs = parseSeconds(values.duration, "duration", { min: 1_000, max: 60_000 });
  const warmupMs = parseSeconds(values.warmup, "warmup", { min: 0, max: 30_000 });
  if (durationMs % 1000 !== 0 || warmupMs % 1000 !== 0)
    throw new Error("--duration and --warmup must be whole seconds (the reference tools' -d unit)");
  return {
    durationMs,
    warmupMs,
    connections: parseCount(values.connections, "connections", { min: 1, max: 256 }),
    rounds: parseCount(values.rounds, "rounds", { min: 1, max: 10 }),
    switches: Object.fromEntries(switches.map((name) => [name, (values as Record<string, unknown>)[name] === true])),
  };
}
