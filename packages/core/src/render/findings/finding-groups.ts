// The findings of a result once per kind, ranked by what they can do to a verdict. A sweep or a
// placement run repeats the same caveat in many cells (one CLIENTS UNEQUAL per sweep point); a
// reader needs to know that it happened, in how many cells, and whether it can change who wins,
// not to read it ten times. The terminal, the Markdown export and the web report all print these
// groups, in this order.
import { formatInt } from "../format";
import { formatSweepValue } from "../sweeps/crossover-text";
import { type Finding, type FindingSeverity, type FindingSubject } from "../../findings/finding";
import { cellName } from "./finding-names";
import { FINDING_KINDS, FINDING_WEIGHTS, type FindingWeight } from "../../findings/finding-catalog";

export { FINDING_WEIGHTS, type FindingWeight };

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
  /** Its kind's code in the finding catalog ("RX005"); null for a kind the catalog does not list. */
  code: string | null;
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
  const known = FINDING_KINDS[finding.kind];
  if (known) return (finding.severity === "note" ? known.noteWeight : undefined) ?? known.weight;
  return finding.severity === "warning" ? "verdict" : "reading";
}

/** "CLIENTS UNEQUAL"; an unlisted kind's own words up to its first colon, else the kind. */
function titleOf(finding: Finding): string {
  const known = FINDING_KINDS[finding.kind]?.title;
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
      code: FINDING_KINDS[first.kind]?.code ?? null,
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
