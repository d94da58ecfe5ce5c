// The rules that decide whether a result's figures can bear the weight put on them, read from the
// numbers every result holds (so older results get them too): how many calls a percentile or a
// window needs, and how far apart two load generators' CPU per call may be. Figures only:
// render/findings/validity-findings.ts says what fired, in words.
import type { CellResult, Protocol, RunResult } from "../result/result-schema";
import type { GeneratorCpu } from "./generator-saturation";

/**
 * A percentile q is trusted when at least this many requests lie beyond it: with fewer, one or
 * two slow requests decide its value. So a window needs TAIL_SAMPLES / (1 - q) requests: 1,000
 * for p99, 10,000 for p99.9.
 */
export const TAIL_SAMPLES = 10;

/** Below this many successful requests a window's figures (rps included) rest on too little. */
export const MIN_WINDOW_REQUESTS = 300;

/** Generator CPU per request differing by more than this between the protocols is reported. */
export const CLIENT_CPU_FACTOR = 2;

/**
 * A `tools` run also measures a cell's pair with one client for both when the tools' CPU per call
 * (read over the warm-ups' calls) is more than this apart. Lower than the warning's factor: the
 * tools' own time per call is inside every latency they measure, and it moves a verdict well
 * before their CPU differs 2x. On 2026-11-27, with CPU read over the windows alone, noop's tools
 * were 1.46x apart and said "no significant difference" where one client for both said "gRPC
 * 1.35x faster" in the same trials; item.get's were 1.5-2.0x apart and said "REST 1.12x faster"
 * where one client said "gRPC 1.20x faster". ghz against autocannon has not read below 1.36x
 * (noop's warm-ups) on any workload here; at 1.1x a warm-up's noise would have to take a fifth off
 * that before such a cell lost its second view, so its verdict rests on one client for both from
 * one run to the next. Two tools within 10% of each other in CPU per call keep their own view.
 */
export const EQUAL_VIEW_CPU_FACTOR = 1.1;

/** The percentiles checked, the compared one (p99) a warning, the one only shown (p99.9) a note. */
export const CHECKED_PERCENTILES = [
  { label: "p99", q: 0.99, severity: "warning" },
  { label: "p99.9", q: 0.999, severity: "note" },
] as const;

export function requestsNeededFor(q: number): number {
  return Math.round(TAIL_SAMPLES / (1 - q));
}

/** The load generator's own CPU time per request, in ms: what it costs the machine to drive one call. */
export function generatorCpuMsPerRequest(cpu: GeneratorCpu, rps: number): number | null {
  const cores = cpu.threads === "one" ? cpu.coreFraction : cpu.cores;
  if (cores === null || !(rps > 0)) return null;
  return (cores * 1000) / rps;
}

export interface SideWindow {
  cell: CellResult;
  protocol: Protocol;
  /** The smallest window of the side's trials: every trial's figures rest on their own window. */
  requests: number;
}

/** Each side of each measured cell with the smallest window of its trials. */
export function sideWindows(result: RunResult): SideWindow[] {
  return result.cells.flatMap((cell) =>
    (["rest", "grpc"] as const)
      .filter(() => cell.trials.length > 0)
      .map((protocol) => ({
        cell,
        protocol,
        requests: Math.min(...cell.trials.map((t) => t[protocol].requests)),
      })),
  );
}

/** A percentile whose windows were too small for it: the sides short of the calls it needs. */
export interface PercentileShortfall {
  label: (typeof CHECKED_PERCENTILES)[number]["label"];
  severity: (typeof CHECKED_PERCENTILES)[number]["severity"];
  needed: number;
  short: SideWindow[];
  /** How many windows had calls at all. */
  windows: number;
}

/** Each checked percentile some window was too small for. */
export function percentileShortfalls(result: RunResult): PercentileShortfall[] {
  const sides = sideWindows(result).filter((s) => s.requests > 0);
  return CHECKED_PERCENTILES.flatMap(({ label, q, severity }) => {
    const needed = requestsNeededFor(q);
    const short = sides.filter((s) => s.requests < needed);
    return short.length === 0 ? [] : [{ label, severity, needed, short, windows: sides.length }];
  });
}

/** The sides whose window held fewer than MIN_WINDOW_REQUESTS successful requests. */
export function shortWindows(result: RunResult): SideWindow[] {
  return sideWindows(result).filter((s) => s.requests < MIN_WINDOW_REQUESTS);
}

/**
 * The fewest calls in any of a cell's windows when a client's CPU was read for its whole process
 * (start-up included) and that is fewer than MIN_WINDOW_REQUESTS: its start-up is then inside
 * the CPU per call and may be much of it. Null otherwise (a figure read over the window alone,
 * `cpuSpan: "window"`, has no start-up in it).
 */
export function startUpWeighs(cell: CellResult): number | null {
  if (cell.trials.length === 0) return null;
  if (cell.rest.generator.cpuSpan === "window" && cell.grpc.generator.cpuSpan === "window") return null;
  const fewest = Math.min(...cell.trials.flatMap((t) => [t.rest.requests, t.grpc.requests]));
  return fewest >= MIN_WINDOW_REQUESTS ? null : fewest;
}

/** Two load generators' CPU per request more than CLIENT_CPU_FACTOR apart. */
export interface ClientCpuGap {
  factor: number;
  heavy: Protocol;
  light: Protocol;
  /** One program drove both sides: the difference is the protocols' demand on a client. */
  sameTool: boolean;
}

/** A cell's clients' CPU per request gap beyond CLIENT_CPU_FACTOR, from the recorded figures; null within it. */
export function clientCpuGap(cell: CellResult): ClientCpuGap | null {
  const rest = cell.rest.generator.cpuMsPerRequest;
  const grpc = cell.grpc.generator.cpuMsPerRequest;
  if (rest == null || grpc == null || !(rest > 0 && grpc > 0)) return null;
  const factor = Math.max(rest, grpc) / Math.min(rest, grpc);
  if (!(factor > CLIENT_CPU_FACTOR)) return null;
  const [heavy, light] = rest > grpc ? (["rest", "grpc"] as const) : (["grpc", "rest"] as const);
  return { factor, heavy, light, sameTool: cell.rest.generator.tool === cell.grpc.generator.tool };
}
