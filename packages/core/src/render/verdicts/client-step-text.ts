// The sentences of a cell measured twice, by the tools (autocannon, ghz...) and by one client for
// both (h2load): each side's client step, its share of the tools' gap, and the headline that rests
// on the equal clients with the tools' figure beside it. Pure, like stack-verdict-text.ts: the
// engine writes them into a result and any renderer can write them again from the figures.
import type { Protocol } from "../../domain/protocol";
import { clientGapShare, MOST_OF_A_GAP } from "../../stats/gap-shares";
import { noWinnerWords, sharePercent, structuredVerdictFor, type Verdict, type VerdictTextInput } from "./verdict-text";

type RatioInput = VerdictTextInput["ci"];

const PROTOCOL_NAME: Record<Protocol, string> = { rest: "REST", grpc: "gRPC" };

export interface ClientStepInput {
  workload: string;
  side: Protocol;
  stack: string;
  /** The tools' program on this side and the equal client. */
  from: string;
  to: string;
  /** p50 of the tool's measure / p50 of the equal client's, with its interval. */
  step: RatioInput;
  /** The tools' REST -> gRPC p50 ratio (> 1: gRPC faster), or null when it has none. */
  toolsGap: RatioInput | null;
  /** The equal client sent the key sequence's first request only, the tool every key (equal-client-generator.ts). */
  firstRequestOnly?: boolean;
}

/** Said of a step whose two programs did not send the same requests. */
const FIRST_REQUEST_ONLY =
  "h2load sent the key sequence's first request only, the tool every key, so part of it may be the keys'";

/** The step's p50 verdict, naming the two client programs. */
export function clientStepVerdict(input: Pick<ClientStepInput, "step" | "from" | "to">): Verdict {
  return structuredVerdictFor({ metric: "p50", ci: input.step, labels: { rest: input.from, grpc: input.to } });
}

/**
 * One side's client step, e.g. "on meteorites.get, one client for both in place of ghz on grpc-js
 * (ghz -> h2load): h2load 1.72x faster at p50 (95% CI 1.60-1.85); it makes 61% of the REST 2.34x
 * lead the tools showed".
 */
export function clientStepSentence(input: ClientStepInput): { text: string; gapShare: number | null } {
  const step = clientStepVerdict(input);
  const keys = input.firstRequestOnly ? ` (${FIRST_REQUEST_ONLY})` : "";
  const head = `on ${input.workload}, one client for both in place of ${input.from} on ${input.stack} (${input.from} -> ${input.to}): ${step.text}${keys}`;
  if (step.winner === "none" || input.toolsGap === null) return { text: head, gapShare: null };
  const gap = structuredVerdictFor({ metric: "p50", ci: input.toolsGap });
  if (gap.winner === "none") {
    return { text: `${head}; the tools showed no significant gap for it to make`, gapShare: null };
  }
  const share = clientGapShare(input.side, input.step.estimate, input.toolsGap.estimate);
  if (share === null) return { text: head, gapShare: null };
  const lead = `the ${PROTOCOL_NAME[gap.winner]} ${gap.factor.toFixed(2)}x lead the tools showed`;
  const part =
    share > 1
      ? `it alone is more than ${lead} (${sharePercent(share)} of it)`
      : share >= 0
        ? `it makes ${sharePercent(share)} of ${lead}`
        : `it worked against ${lead} (by ${sharePercent(share)} of it)`;
  return { text: `${head}; ${part}`, gapShare: share };
}

export interface ToolsBesideInput {
  /** The equal clients' p50 sentence: the headline's own. */
  equalVerdict: string;
  /** The equal client program: "h2load". */
  equalClient: string;
  tools: { rest: string; grpc: string };
  /** The tools' REST -> gRPC p50 ratio, or null when it has none. */
  toolsGap: RatioInput | null;
  /** Each tool's CPU per call, ms (null: not measured). */
  toolsCpuMs: { rest: number | null; grpc: number | null };
  /** Each side's client step's share of the tools' gap (clientGapShare), null when it has none. */
  shares: { rest: number | null; grpc: number | null };
  /** The equal client sent fewer distinct requests than the tools: no client is named as the cause. */
  firstRequestOnly?: boolean;
}

/** "REST 2.34x faster", "no significant difference" or "REST 2.34x faster in this run, not enough to tell": the tools' p50 verdict, short. */
function shortVerdict(ci: RatioInput): string {
  const v = structuredVerdictFor({ metric: "p50", ci });
  if (v.leaning) return `${PROTOCOL_NAME[v.leaning]} ${v.factor.toFixed(2)}x faster in this run, not enough to tell`;
  return v.winner === "none" ? noWinnerWords(v) : `${PROTOCOL_NAME[v.winner]} ${v.factor.toFixed(2)}x faster`;
}

const cpuText = (ms: number) => (ms >= 1 ? `${ms.toFixed(1)} ms` : `${(ms * 1000).toFixed(0)} µs`);

/**
 * The headline of a cell whose tools were unequal, e.g. "no significant difference at p50, none
 * larger than 8% (...) with one client for both (h2load); autocannon vs ghz said REST 3.20x
 * faster: ghz spent 11.3 ms of CPU per call against autocannon's 540 µs, and its side of the gap
 * was the client's own work".
 */
export function toolsBesideSentence(input: ToolsBesideInput): string {
  const head = `${input.equalVerdict} with one client for both (${input.equalClient})`;
  if (input.toolsGap === null) return `${head}; ${input.tools.rest} vs ${input.tools.grpc} gave no p50 ratio`;
  const said = `${input.tools.rest} vs ${input.tools.grpc} said ${shortVerdict(input.toolsGap)}`;
  const { rest, grpc } = input.toolsCpuMs;
  if (rest === null || grpc === null) return `${head}; ${said}`;
  const heavy: Protocol = grpc > rest ? "grpc" : "rest";
  const light: Protocol = heavy === "grpc" ? "rest" : "grpc";
  const cpu = `${input.tools[heavy]} spent ${cpuText(input.toolsCpuMs[heavy]!)} of CPU per call against ${input.tools[light]}'s ${cpuText(input.toolsCpuMs[light]!)}`;
  // Which side's client made the tools' gap, when one step makes most of it.
  if (input.firstRequestOnly) return `${head}; ${said}, ${cpu} (${FIRST_REQUEST_ONLY})`;
  const shares = (["rest", "grpc"] as const).filter((side) => (input.shares[side] ?? 0) >= MOST_OF_A_GAP);
  const cause =
    shares.length === 0
      ? ""
      : shares.length === 2
        ? ": both clients' own work made most of that gap"
        : `: ${input.tools[shares[0]!]}'s own work made most of that gap`;
  return `${head}; ${said}, ${cpu}${cause}`;
}
