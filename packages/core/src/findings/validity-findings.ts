import { formatInt } from "../render/format";
import type { CellResult, Protocol, RunResult, ToolClients } from "../result/result-schema";
import type { GeneratorCpu } from "./generator-saturation";
import { cellName, cellSubject, PROTOCOL_LABEL, sideName, type Finding } from "./finding";

/**
 * Findings about whether a result's figures can bear the weight put on them, read from the
 * numbers every result holds (so older results get them too):
 *
 * - a percentile estimated from a window too small for it;
 * - a window too small for any figure;
 * - two load generators whose own CPU per request differs so much that, on a machine the
 *   generators share with the servers, the client's efficiency shows up as server throughput.
 */

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
const CHECKED_PERCENTILES = [
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

interface SideWindow {
  cell: CellResult;
  protocol: Protocol;
  /** The smallest window of the side's trials: every trial's figures rest on their own window. */
  requests: number;
}

function sideWindows(result: RunResult): SideWindow[] {
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

/** "REST noop (159), gRPC stream (412) and 3 more": the sides a run-wide finding is about. */
function namesOf(sides: SideWindow[]): string {
  const sorted = [...sides].sort((a, b) => a.requests - b.requests);
  const named = sorted.slice(0, 3).map((s) => `${sideName(s.cell, s.protocol)} (${formatInt(s.requests)})`);
  const more = sorted.length - named.length;
  return more > 0 ? `${named.join(", ")} and ${more} more` : named.join(", ");
}

function aboutOf(sides: SideWindow[]): Pick<Finding, "about"> {
  if (sides.length !== 1) return {};
  const [side] = sides;
  return { about: { ...cellSubject(side!.cell), protocol: side!.protocol } };
}

/** One finding per checked percentile, naming the windows too small for it (fewest first). */
export function percentileSampleFindings(result: RunResult): Finding[] {
  const sides = sideWindows(result).filter((s) => s.requests > 0);
  return CHECKED_PERCENTILES.flatMap(({ label, q, severity }) => {
    const needed = requestsNeededFor(q);
    const short = sides.filter((s) => s.requests < needed);
    if (short.length === 0) return [];
    return [
      {
        kind: "few-samples-percentile",
        severity,
        text: `FEW SAMPLES FOR ${label.toUpperCase()}: it needs ${formatInt(needed)} requests in a window (${TAIL_SAMPLES} beyond it) but ${short.length} of ${sides.length} windows had fewer: ${namesOf(short)}; there ${label} is decided by a handful of requests. Lengthen the window or raise the load.`,
        ...aboutOf(short),
      },
    ];
  });
}

/** One finding naming the windows that held fewer than MIN_WINDOW_REQUESTS successful requests. */
export function shortWindowFinding(result: RunResult): Finding | null {
  const short = sideWindows(result).filter((s) => s.requests < MIN_WINDOW_REQUESTS);
  if (short.length === 0) return null;
  return {
    kind: "short-window",
    severity: "warning",
    text: `SHORT WINDOW: fewer than ${MIN_WINDOW_REQUESTS} successful requests in the measured window for ${namesOf(short)}: every figure there, rps included, rests on too few calls to compare. Lengthen the window (or use more requests in count mode).`,
    ...aboutOf(short),
  };
}

/**
 * A client's CPU read for its whole process, start-up included, is shared among the calls of its
 * window: with few calls (a long round trip, a large reply) start-up weighs on each of them, most
 * on the side with fewer calls. Said where a window is short and a side's figure is such a one;
 * a figure read over the window alone (`cpuSpan: "window"`) has no start-up in it.
 */
function startUpCaveat(cell: CellResult): string {
  if (cell.trials.length === 0) return "";
  if (cell.rest.generator.cpuSpan === "window" && cell.grpc.generator.cpuSpan === "window") return "";
  const fewest = Math.min(...cell.trials.flatMap((t) => [t.rest.requests, t.grpc.requests]));
  if (fewest >= MIN_WINDOW_REQUESTS) return "";
  return ` With as few as ${formatInt(fewest)} calls in a window, each client's start-up is inside its CPU per call and may be much of it.`;
}

/**
 * One finding per cell whose two load generators spent CPU per request more than
 * CLIENT_CPU_FACTOR apart (when one program drove both sides, a finding of its own kind: the
 * difference is then the protocols' demand on a client, which still takes the servers' CPU here).
 * Read from the recorded per-request figure (results written before it was recorded say nothing).
 */
export function clientCpuFinding(cell: CellResult): Finding | null {
  const rest = cell.rest.generator.cpuMsPerRequest;
  const grpc = cell.grpc.generator.cpuMsPerRequest;
  if (rest == null || grpc == null || !(rest > 0 && grpc > 0)) return null;
  const factor = Math.max(rest, grpc) / Math.min(rest, grpc);
  if (!(factor > CLIENT_CPU_FACTOR)) return null;
  const [heavy, light] = rest > grpc ? (["rest", "grpc"] as const) : (["grpc", "rest"] as const);
  const startUp = startUpCaveat(cell);
  const tool = cell.rest.generator.tool;
  if (tool === cell.grpc.generator.tool) {
    // One program for both: not two tools' costs but the work each side's exchanges gave it.
    const ms = (p: Protocol) => `${cell[p].generator.cpuMsPerRequest!.toFixed(3)} ms`;
    return {
      kind: "client-work-unequal",
      severity: "warning",
      text: `CLIENT WORK UNEQUAL for ${cellName(cell)}: one client program for both (${tool}) spent ${factor.toFixed(1)}x the CPU per call on the ${PROTOCOL_LABEL[heavy]} side (${ms(heavy)} against ${ms(light)} for ${PROTOCOL_LABEL[light]}; more than ${CLIENT_CPU_FACTOR}x is reported). The program is the same, so the difference is what each side's exchanges asked of it (their framing, how many pieces a reply arrived in), as they would of a caller; but on a machine the client shares with the servers that CPU comes from the servers' cores, so part of the throughput gap may be the client's work, not the servers'.${startUp}`,
      about: cellSubject(cell),
    };
  }
  const perRequest = (p: Protocol) => `${cell[p].generator.tool} ${cell[p].generator.cpuMsPerRequest!.toFixed(3)} ms`;
  return {
    kind: "client-cpu-per-request",
    severity: "warning",
    text: `CLIENTS UNEQUAL for ${cellName(cell)}: the load generators' own CPU per request differs ${factor.toFixed(1)}x (${perRequest(heavy)} for ${PROTOCOL_LABEL[heavy]}, ${perRequest(light)} for ${PROTOCOL_LABEL[light]}; more than ${CLIENT_CPU_FACTOR}x is reported). On a machine the clients share with the servers, the heavier client takes CPU the server would use, so part of the throughput gap may be the clients', not the protocols'.${startUp}`,
    about: cellSubject(cell),
  };
}

const cpuMsText = (ms: number | null | undefined) =>
  ms == null ? "not measured" : ms >= 1 ? `${ms.toFixed(1)} ms` : `${(ms * 1000).toFixed(0)} µs`;

/** Two decimals near the 1.1x threshold (1.14 must not read as 1.1), one from 10 up. */
const factorText = (factor: number): string => factor.toFixed(factor < 10 ? 2 : 1);

/** Why a cell was measured by the tools and by one client for both, as every report says it. */
export function bothWaysReason(tools: Pick<ToolClients, "reason" | "cpuFactor">): string {
  switch (tools.reason) {
    case "sweep":
      return "a sweep measures every cell both ways, since its cells are compared with one another";
    case "asked":
      return "the run asked for both views in every cell (clients: both)";
    default:
      // A later cell of a workload keeps the views its first cell decided, whatever its own factor.
      return tools.cpuFactor !== null && tools.cpuFactor > EQUAL_VIEW_CPU_FACTOR
        ? `the tools' CPU per call was ${factorText(tools.cpuFactor)}x apart in the first trial's warm-ups (more than ${EQUAL_VIEW_CPU_FACTOR}x measures both ways)`
        : `the tools' CPU per call was more than ${EQUAL_VIEW_CPU_FACTOR}x apart in its workload's first cell, and every cell of a workload keeps the same views${tools.cpuFactor === null ? "" : ` (here ${factorText(tools.cpuFactor)}x)`}`;
  }
}

/**
 * Why a cell measured by its tools alone was not also measured with one client for both, when its
 * run could have added that view; null for a cell measured both ways, a `clients: "equal"` run's,
 * or an older result's.
 */
export function toolsAloneReason(cell: Pick<CellResult, "toolsAlone" | "toolClients">): string | null {
  const alone = cell.toolsAlone;
  if (cell.toolClients || !alone) return null;
  const apart = (where: string) =>
    alone.cpuFactor === null ? "" : `the tools' CPU per call was ${factorText(alone.cpuFactor)}x apart ${where}`;
  switch (alone.because) {
    case "within-factor":
      return `${apart("in the first trial's warm-ups")}, within the ${EQUAL_VIEW_CPU_FACTOR}x above which one client for both measures the pair too`;
    case "no-factor":
      return "the warm-ups gave no CPU figure for one of the tools, so nothing called for one client for both";
    case "decided-elsewhere":
      return `its workload's first cell was measured by the tools alone, and every cell of a workload keeps the same views, since they are compared with one another${alone.cpuFactor === null ? "" : ` (here ${apart("in the warm-ups")})`}`;
    case "equal-view-unavailable":
      return `one client for both cannot drive this load: ${alone.refusal ?? "the runner refused it"}`;
  }
}

/**
 * A cell whose tools' CPU per call differed more than EQUAL_VIEW_CPU_FACTOR, measured again with one
 * client for both in the same trials: its verdict is the equal clients', so this is how to read
 * the tools' figure beside it (grouped once per run), not a caveat on the verdict.
 */
function clientsEqualisedFinding(cell: CellResult): Finding | null {
  const tools = cell.toolClients;
  if (!tools) return null;
  const equal = cell.rest.generator.tool;
  const steps = (cell.clientSteps ?? []).map((step) => step.text);
  const why = bothWaysReason(tools);
  return {
    kind: "clients-equalised",
    severity: "note",
    text: `ONE CLIENT FOR BOTH for ${cellName(cell)}: ${why}, so the verdict comes from ${equal} driving both sides in the same trials; in their windows ${tools.rest.generator.tool} spent ${cpuMsText(tools.rest.generator.cpuMsPerRequest)} of CPU per call for REST and ${tools.grpc.generator.tool} ${cpuMsText(tools.grpc.generator.cpuMsPerRequest)} for gRPC, and they said: ${tools.verdict}.${steps.length > 0 ? ` Client steps: ${steps.join("; ")}.` : ""}`,
    about: cellSubject(cell),
  };
}

/** Every validity finding of a result: sample sizes run-wide, client efficiency per cell. */
export function validityFindings(result: RunResult): Finding[] {
  return [
    shortWindowFinding(result),
    ...percentileSampleFindings(result),
    // A cell measured both ways: the note says how to read the tools' figure, and the equal
    // clients' own two sides are still held to the same factor.
    ...result.cells.flatMap((cell) => [clientsEqualisedFinding(cell), clientCpuFinding(cell)]),
  ].filter((f): f is Finding => f !== null);
}
