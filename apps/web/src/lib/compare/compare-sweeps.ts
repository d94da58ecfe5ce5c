import type { Crossover } from "@relix/core/sweep/sweep-result";
import { axisValueText, crossoverRowText } from "../report/sweep-rows";
import type { ComparedRun } from "./compare-rows";

// Two or more swept results -> their crossovers lined up by workload, dimension and row, so one
// can see whether the verdict changed in the same place in each run.

export interface CompareCrossoverRow {
  key: string;
  workload: string;
  /** "records on cross-region", "records" for a 1-D sweep. */
  label: string;
  /** One entry per run, in URL order: where it crosses, or why it does not; "–" when not swept there. */
  values: string[];
}

export function crossoverValueText(c: Crossover): string {
  if (c.status === "none") return "none in range";
  if (c.status === "unresolved") return "unresolved";
  const about = c.estimate !== undefined ? `about ${axisValueText(c.dimension, c.estimate)}` : "found";
  const between =
    c.low !== undefined && c.high !== undefined
      ? ` (${axisValueText(c.dimension, c.low)} – ${axisValueText(c.dimension, c.high)})`
      : "";
  return `${about}${between}`;
}

const keyOf = (c: Crossover) =>
  `${c.workload}|${c.dimension}|${Object.entries(c.row)
    .map(([d, v]) => `${d}=${v}`)
    .join(",")}`;

/** [] when no run swept. */
export function compareCrossovers(runs: readonly ComparedRun[]): CompareCrossoverRow[] {
  const order: string[] = [];
  const first = new Map<string, Crossover>();
  for (const run of runs)
    for (const c of run.result.sweep?.crossovers ?? []) {
      const key = keyOf(c);
      if (!first.has(key)) {
        order.push(key);
        first.set(key, c);
      }
    }
  return order.map((key) => {
    const c = first.get(key)!;
    const row = crossoverRowText(c);
    return {
      key,
      workload: c.workload,
      label: Object.keys(c.row).length === 0 ? c.dimension : `${c.dimension} on ${row}`,
      values: runs.map((run) => {
        const own = run.result.sweep?.crossovers.find((x) => keyOf(x) === key);
        return own ? crossoverValueText(own) : "–";
      }),
    };
  });
}
