import { formatInt } from "../format";
import type { CellResult, Protocol, ProtocolMeasure } from "../../result/result-schema";
import type { StackId } from "../../stacks/stacks";
import type { FactOf, MeasureFact } from "../../findings/facts";
import { cellSubject, type Finding, type FindingSeverity } from "../../findings/finding";
import { sideName, plural } from "./finding-names";
import { MACHINE_SHARE_LIMIT, ONE_CORE_LIMIT } from "../../findings/generator-saturation";
import type { CpuLimit } from "../../findings/facts";

/**
 * The findings about one protocol of one cell: each kind of fact once, however many trials
 * recorded it (the trials are named when only some did), plus what the numbers themselves show
 * (a saturated generator, failed calls).
 */

/** One protocol of one cell, as findingsOf sees it. */
export interface Side {
  cell: Pick<CellResult, "workload" | "cacheMode">;
  protocol: Protocol;
  /** A stack beyond express and grpc-js; absent for the default two. */
  stack?: StackId;
  summary: Pick<CellResult["rest"], "generator" | "errors">;
  trials: Array<{ trial: number; measure: Pick<ProtocolMeasure, "generator" | "facts" | "notes"> }>;
}

type Recorded<K extends MeasureFact["kind"]> = Array<{ trial: number; fact: FactOf<K> }>;

interface SentenceInput<K extends MeasureFact["kind"]> {
  /** "REST item.get (warm)". */
  side: string;
  entries: Recorded<K>;
  /** " (trials 1, 3 of 3)" when only some trials recorded it, else "". */
  trials: string;
}

type Describe<K extends MeasureFact["kind"]> = (input: SentenceInput<K>) => {
  severity: FindingSeverity;
  text: string;
};

/** "above 85% of its one core" / "above half of the machine's 2 cores": the rule, in words. */
export function limitPhrase(limit: CpuLimit, machineCores?: number): string {
  if (limit === "one-core") return `above ${Math.round(ONE_CORE_LIMIT * 100)}% of its one core`;
  const share = MACHINE_SHARE_LIMIT === 0.5 ? "half" : `${Math.round(MACHINE_SHARE_LIMIT * 100)}%`;
  return `above ${share} of the machine's ${machineCores === undefined ? "cores" : `${machineCores} cores`}`;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The sentence of each kind of fact; generator-saturated is phrased with the numbers (saturationFinding). */
const DESCRIBE: { [K in Exclude<MeasureFact["kind"], "generator-saturated" | "warm-up-discarded">]: Describe<K> } = {
  "details-truncated": ({ side, entries, trials }) => {
    // The worst trial speaks for all: the one whose window had to shrink the most.
    const worst = [...entries].sort(
      (a, b) =>
        (a.fact.windowShortenedToMs ?? Number.POSITIVE_INFINITY) -
        (b.fact.windowShortenedToMs ?? Number.POSITIVE_INFINITY),
    )[0]!.fact;
    const head = `DETAILS TRUNCATED: ${worst.tool} kept per-call details for only ${formatInt(worst.keptCalls)} of ${plural(worst.calls, "call")} for ${side}${trials}`;
    return worst.windowShortenedToMs === null
      ? {
          severity: "note",
          text: `${head}; they are complete until ${worst.completeUntilMs.toFixed(0)} ms, past the measured window.`,
        }
      : {
          severity: "warning",
          text: `${head}: the measured window was shortened to ${(worst.windowShortenedToMs / 1000).toFixed(2)} s so rps is not undercounted; shorten the window or lower the rate.`,
        };
  },
  "dropped-in-flight": ({ side, entries, trials }) => ({
    severity: "note",
    text: `${entries[0]!.fact.tool} dropped ${plural(sum(entries.map((e) => e.fact.requests)), "request")} still in flight when it closed its sockets for ${side}${trials} (no sample, not counted as errors).`,
  }),
  "unaccounted-requests": ({ side, entries, trials }) => ({
    severity: "warning",
    text: `${entries[0]!.fact.tool} sent ${plural(sum(entries.map((e) => e.fact.requests)), "request")} for ${side}${trials} that left neither a sample nor a drop record.`,
  }),
  "fewer-connections": ({ side, entries }) => {
    const { tool, rate, connections, used } = entries[0]!.fact;
    return {
      severity: "note",
      text: `${tool} used only ${plural(used, "connection")} for ${side}: the rate (${rate} req/s) is below the ${connections} connections asked for.`,
    };
  },
  "cpu-lower-bound": ({ side, entries, trials }) => ({
    severity: "note",
    text: `${entries[0]!.fact.tool}'s CPU time for ${side}${trials} was polled from /proc: a lower bound.`,
  }),
  "stopped-by-hard-timeout": ({ side, entries, trials }) => ({
    severity: "warning",
    text: `${entries[0]!.fact.tool} did not stop by itself for ${side}${trials} and was killed at the runner's hard timeout.`,
  }),
  "stopped-after-window": ({ side, entries, trials }) => {
    const { tool, afterMs } = entries[0]!.fact;
    return {
      severity: "note",
      text: `${tool} did not exit after its window for ${side}${trials} and was stopped ${(afterMs / 1000).toFixed(0)} s later: every request it completed is counted, but how many were still in flight at its end is not known (h2load 1.52 waits on a connection the server closed; nghttp2 issue 2250, fixed in 1.64).`,
    };
  },
  "ended-early": ({ side, entries, trials }) => {
    const { tool, reason, plannedRequests } = entries[0]!.fact;
    return {
      severity: "warning",
      text:
        reason === "interrupted"
          ? `${tool} was stopped for ${side}${trials} before all ${plannedRequests === undefined ? "its" : plural(plannedRequests, "request")} were made.`
          : `${tool} ended early for ${side}${trials} (its end reason: ${reason}).`,
    };
  },
  "stopped-at-time-cap": ({ side, entries, trials }) => {
    const made = entries.map((e) => e.fact.requests);
    const [least, most] = [Math.min(...made), Math.max(...made)];
    const { plannedRequests, capMs } = entries[0]!.fact;
    const after = least === most ? formatInt(least) : `${formatInt(least)} to ${formatInt(most)}`;
    return {
      severity: "warning",
      text: `STOPPED AT THE TIME LIMIT: ${side}${trials} stopped at the time limit after ${after} of ${plural(plannedRequests, "request")}: every side's window may last ${(capMs / 1000).toFixed(1)} s in this run, so its figures cover the requests completed in that time.`,
    };
  },
};

const subjectOf = (side: Side) => ({
  ...cellSubject(side.cell),
  protocol: side.protocol,
  ...(side.stack ? { stack: side.stack } : {}),
});

function trialsPhrase(trials: number[], total: number): string {
  if (total <= 1 || trials.length === total) return "";
  return ` (trial${trials.length === 1 ? "" : "s"} ${trials.join(", ")} of ${total})`;
}

function saturationFinding(side: Side, name: string): Finding | null {
  const trials = side.trials.filter((t) => t.measure.generator.saturated).map((t) => t.trial);
  if (trials.length === 0 && !side.summary.generator.saturated) return null;
  const { tool, cpuFraction } = side.summary.generator;
  const cpu = cpuFraction === null ? "" : ` at ${Math.round(cpuFraction * 100)}% CPU`;
  // The rule that was applied, when the result recorded it (results written before say nothing).
  const fact = side.trials.flatMap((t) => t.measure.facts ?? []).find((f) => f.kind === "generator-saturated");
  const limit = fact ? `, ${limitPhrase(fact.limit, fact.machineCores)}` : "";
  return {
    kind: "generator-saturated",
    severity: "warning",
    text: `LOAD GENERATOR SATURATED: ${tool}${cpu} for ${name}${limit}${trialsPhrase(trials, side.trials.length)}: its numbers may measure the generator, not the server.`,
    about: subjectOf(side),
  };
}

function errorsFinding(side: Side, name: string): Finding | null {
  const { errors } = side.summary;
  if (errors.total === 0) return null;
  const codes = Object.entries(errors.byCode)
    .map(([code, count]) => `${code} x${count}`)
    .join(", ");
  return {
    kind: "errors",
    severity: "warning",
    text: `ERRORS: ${errors.total} failed calls for ${name}${codes ? ` (${codes})` : ""}; left out of latency.`,
    about: subjectOf(side),
  };
}

/** The facts of the side's trials, grouped by kind in the order they were first recorded. */
function factsByKind(side: Side): Map<MeasureFact["kind"], Array<{ trial: number; fact: MeasureFact }>> {
  const byKind = new Map<MeasureFact["kind"], Array<{ trial: number; fact: MeasureFact }>>();
  for (const { trial, measure } of side.trials) {
    for (const fact of measure.facts ?? []) {
      const list = byKind.get(fact.kind) ?? [];
      list.push({ trial, fact });
      byKind.set(fact.kind, list);
    }
  }
  return byKind;
}

/** Findings from the side's recorded facts (not the numbers): also what a measure's `notes` repeat. */
export function factFindings(side: Side): Finding[] {
  const name = sideName(side.cell, side.protocol, side.stack);
  const findings: Finding[] = [];
  for (const [kind, entries] of factsByKind(side)) {
    if (kind === "generator-saturated" || kind === "warm-up-discarded") continue;
    const describe = DESCRIBE[kind] as Describe<typeof kind>;
    const trials = trialsPhrase(
      entries.map((e) => e.trial),
      side.trials.length,
    );
    const { severity, text } = describe({ side: name, entries: entries as Recorded<typeof kind>, trials });
    findings.push({ kind, severity, text, about: subjectOf(side) });
  }
  return findings;
}

/** Everything about one side: the generator, the errors, then what was recorded. */
export function sideFindings(side: Side): Finding[] {
  const name = sideName(side.cell, side.protocol, side.stack);
  return [saturationFinding(side, name), ...factFindings(side), errorsFinding(side, name)].filter(
    (f): f is Finding => f !== null,
  );
}
