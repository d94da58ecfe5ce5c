import type { CatalogWorkload, PresetWithSpec } from "@relix/core/runner-api/reference";

function studyTitle(study: string, presets: readonly PresetWithSpec[]): string {
  if (study === "floor") return "Protocol floor";
  const preset = presets.find((p) => p.name === `study-${study}`);
  const short = preset?.title
    .replace(/^Study\s+/i, "")
    .split(/[(:]/)[0]
    ?.trim();
  return short ? `Study ${short}` : `Study ${study}`;
}

/** The workloads grouped by study, each group titled after its study's preset. */
export function studyGroups(workloads: readonly CatalogWorkload[], presets: readonly PresetWithSpec[]) {
  const byStudy = new Map<string, CatalogWorkload[]>();
  for (const w of workloads) byStudy.set(w.study, [...(byStudy.get(w.study) ?? []), w]);
  // The protocol floor first, then the studies in order.
  const rank = (study: string) => (study === "floor" ? "" : study);
  return [...byStudy.entries()]
    .sort(([a], [b]) => rank(a).localeCompare(rank(b)))
    .map(([study, list]) => ({ study, title: studyTitle(study, presets), list }));
}
