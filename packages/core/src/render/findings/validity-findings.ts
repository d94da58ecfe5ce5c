import type { CellResult, Protocol, RunResult, ToolClients } from "../../result/result-schema";
import { cellSubject, type Finding } from "../../findings/finding";
import {
  CLIENT_CPU_FACTOR,
  EQUAL_VIEW_CPU_FACTOR,
  MIN_WINDOW_REQUESTS,
  TAIL_SAMPLES,
  clientCpuGap,
  percentileShortfalls,
  shortWindows,
  startUpWeighs,
  type SideWindow,
} from "../../findings/validity-rules";
import { formatInt } from "../format";
import { cellName, PROTOCOL_LABEL, sideName } from "./finding-names";

/**
 * Findings about whether a result's figures can bear the weight put on them (the rules are in
 * findings/validity-rules.ts), in words:
 *
 * - a percentile estimated from a window too small for it;
 * - a window too small for any figure;
 * - two load generators whose own CPU per request differs so much that, on a machine the
 *   generators share with the servers, the client's efficiency shows up as server throughput.
 */

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
  return percentileShortfalls(result).map(({ label, severity, needed, short, windows }) => ({
    kind: "few-samples-percentile",
    severity,
    text: `FEW SAMPLES FOR ${label.toUpperCase()}: it needs ${formatInt(needed)} requests in a window (${TAIL_SAMPLES} beyond it) but ${short.length} of ${windows} windows had fewer: ${namesOf(short)}; there ${label} is decided by a handful of requests. Lengthen the window or raise the load.`,
    ...aboutOf(short),
  }));
}

/** One finding naming the windows that held fewer than MIN_WINDOW_REQUESTS successful requests. */
export function shortWindowFinding(result: RunResult): Finding | null {
  const short = shortWindows(result);
  if (short.length === 0) return null;
  return {
    kind: "short-window",
    severity: "warning",
    text: `SHORT WINDOW: fewer than ${MIN_WINDOW_REQUESTS} successful requests in the measured window for ${namesOf(short)}: every figure there, rps included, rests on too few calls to compare. Lengthen the window (or use more requests in count mode).`,
    ...aboutOf(short),
  };
}

/** Said where a window is short and a side's CPU figure includes the client's start-up (startUpWeighs). */
function startUpCaveat(cell: CellResult): string {
  const fewest = startUpWeighs(cell);
  if (fewest === null) return "";
  return ` With as few as ${formatInt(fewest)} calls in a window, each client's start-up is inside its CPU per call and may be much of it.`;
}

/**
 * One finding per cell whose two load generators spent CPU per request more than
 * CLIENT_CPU_FACTOR apart (when one program drove both sides, a finding of its own kind: the
 * difference is then the protocols' demand on a client, which still takes the servers' CPU here).
 * Read from the recorded per-request figure (results written before it was recorded say nothing).
 */
export function clientCpuFinding(cell: CellResult): Finding | null {
  const gap = clientCpuGap(cell);
  if (gap === null) return null;
  const { factor, heavy, light } = gap;
  const startUp = startUpCaveat(cell);
  const tool = cell.rest.generator.tool;
  if (gap.sameTool) {
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
