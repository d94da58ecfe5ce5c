// The findings of a result once per kind, ranked by what they can do to a verdict. A sweep or a
// placement run repeats the same caveat in many cells (one CLIENTS UNEQUAL per sweep point); a
// reader needs to know that it happened, in how many cells, and whether it can change who wins,
// not to read it ten times. The terminal, the Markdown export and the web report all print these
// groups, in this order.
import { formatInt } from "../render/format";
import { formatSweepValue } from "../sweep/crossover-text";
import { cellName, type Finding, type FindingSeverity, type FindingSubject } from "./finding";

/**
 * What a kind of finding can do to a verdict, most serious first:
 * - "refusal": part of what was asked was not measured at all (a placement, a stack), so no
 *   verdict exists there; never folded away;
 * - "verdict": the figures a winner is named from may be the generator's, the machine's or too
 *   few, so the winner itself may change on a better run;
 * - "figures": absolute figures are shifted or cover less than planned, but both sides alike, so
 *   the winner stands;
 * - "reading": how to read the numbers (the load loop, the warm-up, the noise).
 */
export type FindingWeight = "refusal" | "verdict" | "figures" | "reading";

export const FINDING_WEIGHTS: readonly FindingWeight[] = ["refusal", "verdict", "figures", "reading"];

/** Each known kind's weight and its name in a heading. A kind not listed is weighed by its severity. */
const KINDS: Record<string, { weight: FindingWeight; title: string; noteWeight?: FindingWeight }> = {
  "placement-refused": { weight: "refusal", title: "PLACEMENT REFUSED" },
  "embedded-backends": { weight: "verdict", title: "EMBEDDED BACKENDS" },
  "generator-saturated": { weight: "verdict", title: "LOAD GENERATOR SATURATED" },
  "client-cpu-per-request": { weight: "verdict", title: "CLIENTS UNEQUAL" },
  "client-work-unequal": { weight: "verdict", title: "CLIENT WORK UNEQUAL" },
  "clients-equalised": { weight: "reading", title: "ONE CLIENT FOR BOTH" },
  "equal-clients-unavailable": { weight: "verdict", title: "ONE VIEW ONLY" },
  "one-block-per-side": { weight: "verdict", title: "ONE BLOCK PER SIDE" },
  "short-window": { weight: "verdict", title: "SHORT WINDOW" },
  errors: { weight: "verdict", title: "ERRORS" },
  "ended-early": { weight: "verdict", title: "ENDED EARLY" },
  "stopped-by-hard-timeout": { weight: "verdict", title: "STOPPED BY THE HARD TIMEOUT" },
  "unaccounted-requests": { weight: "verdict", title: "UNACCOUNTED REQUESTS" },
  "details-truncated": { weight: "verdict", title: "DETAILS TRUNCATED" },
  // A warning for p99, which verdicts compare; a note for p99.9, which they do not: its figures only.
  "few-samples-percentile": { weight: "verdict", noteWeight: "figures", title: "FEW SAMPLES" },
  "difference-within-noise": { weight: "verdict", title: "SMALL AGAINST NOISE" },
  "cpu-pinning-unavailable": { weight: "verdict", title: "CORES NOT PINNED" },
  "services-warning": { weight: "verdict", title: "SERVICES" },
  "jit-unsettled": { weight: "verdict", title: "JIT STILL WARMING" },
  "stopped-at-time-cap": { weight: "figures", title: "STOPPED AT THE TIME LIMIT" },
  "dropped-in-flight": { weight: "figures", title: "DROPPED IN FLIGHT" },
  "stopped-after-window": { weight: "figures", title: "STOPPED AFTER ITS WINDOW" },
  "fewer-connections": { weight: "figures", title: "FEWER CONNECTIONS" },
  "tcp-proxy-emulation": { weight: "figures", title: "TCP PROXY EMULATION" },
  "cpu-lower-bound": { weight: "figures", title: "CPU A LOWER BOUND" },
  "load-loop": { weight: "reading", title: "LOAD LOOP" },
  "warm-up-discarded": { weight: "reading", title: "WARM-UP" },
  "jit-primed": { weight: "reading", title: "JIT PRIMED" },
  "run-to-run": { weight: "reading", title: "RUN-TO-RUN NOISE INCLUDED" },
  "run-to-run-unmeasured": { weight: "reading", title: "ONE RUN'S NOISE" },
  "run-to-run-elsewhere": { weight: "reading", title: "RUN-TO-RUN NOISE FROM ELSEWHERE" },
  "slice-noise": { weight: "reading", title: "NOISE" },
  "cpu-layout": { weight: "reading", title: "CORES" },
};

/** At most this many cells are named in a group's summary; the rest are counted. */
const NAMED_CELLS = 3;

export interface FindingGroup {
  /** The kind its findings share ("recorded" groups are one sentence of an older result each). */
  kind: string;
  /** The most serious severity among its findings. */
  severity: FindingSeverity;
  weight: FindingWeight;
  /** "CLIENTS UNEQUAL" */
  title: string;
  /** The distinct cells its findings are about, in the order found; empty for a run-wide finding. */
  cells: FindingSubject[];
  /** "CLIENTS UNEQUAL in 10 of 12 cells: item.list (warm) at 1 record, ... and 7 more"; the title alone run-wide. */
  summary: string;
  /** The whole group in one paragraph: the summary, then the first finding's sentence (its figures). */
  paragraph: string;
  findings: Finding[];
  /** An id for a link to the group: "finding-client-cpu-per-request-warning". */
  anchor: string;
}

function weightOf(finding: Finding): FindingWeight {
  const known = KINDS[finding.kind];
  if (known) return (finding.severity === "note" ? known.noteWeight : undefined) ?? known.weight;
  return finding.severity === "warning" ? "verdict" : "reading";
}

/** "CLIENTS UNEQUAL"; an unlisted kind's own words up to its first colon, else the kind. */
function titleOf(finding: Finding): string {
  const known = KINDS[finding.kind]?.title;
  if (known) return known;
  const head = /^([A-Z][A-Z0-9 .-]+?)(?::| for )/.exec(finding.text)?.[1];
  return head ?? finding.kind.toUpperCase();
}

/** "item.list (warm) at 1,000 records on cross-region": the cell, its sweep point and placement. */
export function findingCellLabel(subject: FindingSubject): string {
  const knobs = Object.entries(subject.coords ?? {})
    .filter(([dimension]) => dimension !== "network")
    .map(([dimension, value]) => (typeof value === "number" ? formatSweepValue(dimension, value) : String(value)));
  return [
    cellName(subject),
    ...(knobs.length > 0 ? [`at ${knobs.join(", ")}`] : []),
    ...(subject.placement !== undefined ? [`on ${subject.placement}`] : []),
  ].join(" ");
}

const cellKey = (s: FindingSubject) => JSON.stringify([s.workload, s.cacheMode, s.placement ?? null, s.coords ?? null]);

/** Findings of the same kind and severity are one group; an older result's recorded sentences stay one each. */
const groupKey = (f: Finding) => (f.kind === "recorded" ? `recorded\u0000${f.text}` : `${f.kind}\u0000${f.severity}`);

function summaryOf(title: string, cells: FindingSubject[], totalCells: number): string {
  if (cells.length === 0) return title;
  const named = cells.slice(0, NAMED_CELLS).map(findingCellLabel);
  const more = cells.length - named.length;
  const list = more > 0 ? `${named.join(", ")} and ${formatInt(more)} more` : named.join(", ");
  const of = totalCells > 1 ? ` in ${formatInt(cells.length)} of ${formatInt(totalCells)} cells` : "";
  return `${title}${of}: ${list}`;
}

function paragraphOf(summary: string, findings: Finding[], cells: FindingSubject[]): string {
  if (findings.length === 1) return findings[0]!.text;
  // Run-wide sentences of one kind (one load loop per workload) are short and each says something else.
  if (cells.length === 0) return findings.map((f) => f.text).join(" ");
  return `${summary}. One of them: ${findings[0]!.text}`;
}

/**
 * The findings grouped by kind, heaviest weight first (refusals, then what can change a verdict,
 * then what shifts figures, then how to read them), warnings before notes within a weight, and
 * otherwise in the order findingsOf gives. `totalCells`: the run's cells, for "in 10 of 12 cells".
 */
export function groupFindings(findings: readonly Finding[], totalCells: number): FindingGroup[] {
  const byKey = new Map<string, Finding[]>();
  for (const finding of findings) {
    const list = byKey.get(groupKey(finding)) ?? [];
    list.push(finding);
    byKey.set(groupKey(finding), list);
  }
  const groups = [...byKey.values()].map((members): FindingGroup => {
    const first = members[0]!;
    const cells: FindingSubject[] = [];
    for (const finding of members) {
      if (finding.about && !cells.some((c) => cellKey(c) === cellKey(finding.about!))) cells.push(finding.about);
    }
    const title = titleOf(first);
    const summary = summaryOf(title, cells, totalCells);
    return {
      kind: first.kind,
      severity: members.some((f) => f.severity === "warning") ? "warning" : "note",
      weight: weightOf(first),
      title,
      cells,
      summary,
      paragraph: paragraphOf(summary, members, cells),
      findings: members,
      anchor:
        first.kind === "recorded"
          ? `finding-recorded-${[...byKey.keys()].indexOf(groupKey(first))}`
          : `finding-${first.kind}-${first.severity}`,
    };
  });
  const rank = (g: FindingGroup) => FINDING_WEIGHTS.indexOf(g.weight) * 2 + (g.severity === "warning" ? 0 : 1);
  // Array.prototype.sort is stable: groups of equal rank keep findingsOf's order.
  return groups.sort((a, b) => rank(a) - rank(b));
}

/** The groups that can take a verdict away: a refusal, or a caveat that may change the winner. */
export function verdictCaveats(groups: readonly FindingGroup[]): FindingGroup[] {
  return groups.filter((g) => g.weight === "refusal" || g.weight === "verdict");
}
