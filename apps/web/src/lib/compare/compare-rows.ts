import type { CellResult, Comparison, RunResult } from "@relix/core/result/result-schema";
import { cellKey, cellTitle } from "../report/report-rows";

// Two or more results -> rows that line up the same cell (workload x cache mode x placement) across runs.

export interface ComparedRun {
  id: string;
  result: RunResult;
}

export interface CompareCell {
  key: string;
  title: string;
  /** One entry per run, in URL order; null where that run did not measure this cell. */
  runs: (CellResult | null)[];
}

export function compareCells(runs: readonly ComparedRun[]): CompareCell[] {
  const order: string[] = [];
  const titles = new Map<string, string>();
  for (const run of runs) {
    for (const cell of run.result.cells) {
      const key = cellKey(cell);
      if (!titles.has(key)) {
        order.push(key);
        titles.set(key, cellTitle(cell));
      }
    }
  }
  return order.map((key) => ({
    key,
    title: titles.get(key)!,
    runs: runs.map((run) => run.result.cells.find((c) => cellKey(c) === key) ?? null),
  }));
}

/** Rows for a grouped speedup chart: one bar per run for each cell (`run0`, `run0Error`, `run1`...). */
export function compareSpeedupRows(
  cells: readonly CompareCell[],
  metric: Comparison["metric"],
): Record<string, string | number | [number, number] | null>[] {
  return cells.map((cell) => {
    const row: Record<string, string | number | [number, number] | null> = { cell: cell.title };
    cell.runs.forEach((c, i) => {
      const comparison = c?.comparisons.find((x) => x.metric === metric);
      row[`run${i}`] = comparison ? comparison.ci.estimate : null;
      row[`run${i}Error`] = comparison
        ? [
            Math.max(0, comparison.ci.estimate - comparison.ci.low),
            Math.max(0, comparison.ci.high - comparison.ci.estimate),
          ]
        : null;
    });
    return row;
  });
}

/** Spec fields whose values differ between the runs: what makes the comparison fair or not. */
export function specDifferences(runs: readonly ComparedRun[]): { field: string; values: string[] }[] {
  const fields = new Set<string>();
  for (const run of runs) for (const key of Object.keys(run.result.spec)) fields.add(key);
  const out: { field: string; values: string[] }[] = [];
  for (const field of fields) {
    const values = runs.map((run) => {
      const value = (run.result.spec as Record<string, unknown>)[field];
      if (value === undefined) return "–";
      // A list may hold objects (the custom placement's figures): each as JSON, never "[object Object]".
      if (Array.isArray(value))
        return value.map((v: unknown) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
      return typeof value === "string" ? value : JSON.stringify(value);
    });
    if (new Set(values).size > 1) out.push({ field, values });
  }
  return out;
}

/** `?runs=a,b` and `?runs=a&runs=b` alike -> unique ids in order. */
export function parseRunIds(param: string | string[] | undefined): string[] {
  const raw = Array.isArray(param) ? param : param ? [param] : [];
  const ids = raw
    .flatMap((p) => p.split(","))
    .map((s) => s.trim())
    .filter(Boolean);
  return ids.filter((id, i) => ids.indexOf(id) === i);
}
