import type { CellResult, Protocol, ProtocolMeasure, RunResult, StackMeasures } from "../../result/result-schema";
import { stacks } from "../../stacks/stacks";
import { type Finding, type FindingSubject } from "../../findings/finding";
import { cellName, sideName } from "./finding-names";
import { cpuLayoutFinding, embeddedBackendsFinding, runFactFinding, warmUpFinding } from "./run-findings";
import { sideFindings, type Side } from "./side-findings";
import { noiseFindings } from "./noise-findings";
import { validityFindings } from "./validity-findings";

/**
 * What a reader must know before trusting a result's numbers, each fact once, warnings (most
 * serious first) before notes. The terminal table, the Markdown export and the web report all
 * print this list.
 *
 * A result the engine wrote records its facts (`facts` on the result and on each measure); its
 * `warnings` and `notes` strings are copies of these findings for older readers and are not read
 * back. A result written before facts existed has only those strings: they are shown as they are,
 * beside what its numbers and environment show.
 */
export function findingsOf(result: RunResult): Finding[] {
  const findings: Array<Finding | null> = [embeddedBackendsFinding(result), cpuLayoutFinding(result)];
  if (result.facts === undefined) {
    findings.push(...result.warnings.map((text): Finding => ({ kind: "recorded", severity: "warning", text })));
  } else {
    findings.push(...result.facts.map(runFactFinding));
  }
  for (const cell of result.cells) {
    for (const protocol of ["rest", "grpc"] as const) findings.push(...sideFindings(sideOf(cell, protocol)));
    for (const extra of cell.stacks ?? []) findings.push(...sideFindings(stackSideOf(cell, extra)));
  }
  findings.push(...validityFindings(result), ...noiseFindings(result), warmUpFinding(result), ...recordedNotes(result));
  return ordered(findings.filter((f): f is Finding => f !== null));
}

/** The sentences a measure's `notes` carry in a result the engine writes (its facts, in words). */
export function measureNotes(
  cell: Pick<CellResult, "workload" | "cacheMode">,
  protocol: Protocol,
  measure: Pick<ProtocolMeasure, "generator" | "facts">,
): string[] {
  const side: Side = {
    cell,
    protocol,
    summary: { generator: measure.generator, errors: { total: 0, byCode: {} } },
    trials: [{ trial: 1, measure: { ...measure, notes: [] } }],
  };
  return sideFindings(side).map((f) => f.text);
}

/** The warnings of a result, as the plain strings its `warnings` field keeps for older readers (each once). */
export function warningTexts(findings: readonly Finding[]): string[] {
  return [...new Set(findings.filter((f) => f.severity === "warning").map((f) => f.text))];
}

/** "REST item.get (warm)", "item.get (warm)", or "" for the whole run. */
export function subjectLabel(about: FindingSubject | undefined): string {
  if (!about) return "";
  return about.protocol ? sideName(about, about.protocol, about.stack) : cellName(about);
}

/** A stack beyond express and grpc-js, judged like them (its generator, errors and recorded facts). */
function stackSideOf(cell: CellResult, extra: StackMeasures): Side {
  return {
    cell,
    protocol: stacks[extra.stack].family,
    stack: extra.stack,
    summary: extra.summary,
    trials: extra.trials.map((measure, i) => ({ trial: i + 1, measure })),
  };
}

function sideOf(cell: CellResult, protocol: Protocol): Side {
  return {
    cell,
    protocol,
    summary: cell[protocol],
    trials: cell.trials.map((t) => ({ trial: t.trial, measure: t[protocol] })),
  };
}

/**
 * Notes of measures recorded before facts existed. The same remark on many measures (the load
 * loop is on every one) is one finding; it names its cell and protocol only when it has just one.
 */
function recordedNotes(result: RunResult): Finding[] {
  const byText = new Map<string, FindingSubject[]>();
  for (const cell of result.cells) {
    for (const trial of cell.trials) {
      for (const protocol of ["rest", "grpc"] as const) {
        const measure = trial[protocol];
        if (measure.facts !== undefined) continue;
        for (const text of measure.notes) {
          const subjects = byText.get(text) ?? [];
          subjects.push({ workload: cell.workload, cacheMode: cell.cacheMode, protocol });
          byText.set(text, subjects);
        }
      }
    }
  }
  return [...byText].map(([text, subjects]) => {
    const first = subjects[0]!;
    const one = subjects.every(
      (s) => s.workload === first.workload && s.cacheMode === first.cacheMode && s.protocol === first.protocol,
    );
    return { kind: "recorded", severity: "note", text, ...(one ? { about: first } : {}) };
  });
}

/**
 * Warnings before notes, each group in the order found; the same sentence about the same cell
 * once. The same sentence about two sweep points or placements stays twice: grouping
 * (finding-groups.ts) counts the cells a finding touches.
 */
function ordered(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const severity of ["warning", "note"] as const) {
    for (const finding of findings) {
      const key = `${finding.text}\u0000${JSON.stringify(finding.about ?? null)}`;
      if (finding.severity !== severity || seen.has(key)) continue;
      seen.add(key);
      out.push(finding);
    }
  }
  return out;
}
