// Where the report files go, and writing them. Paths are resolved against the directory the user
// ran `pnpm bench` in (pnpm runs scripts elsewhere), and checked before the run: a typo in --json
// must not surface only after ten minutes of measuring.
import { mkdir, stat } from "node:fs/promises";
import { dirname, isAbsolute, join, resolve } from "node:path";
import type { RunResult } from "@relix/core";
import { renderCsv } from "@relix/core/render/markdown/csv";
import { writeResultFile, writeTextFileAtomic } from "../output/json";
import { renderMarkdownReport } from "@relix/core/render/markdown/markdown";
import type { CliRun } from "./args";
import { UsageError } from "./usage-error";

export const DEFAULT_RESULTS_DIR = "relix-results";

export type OutputKind = "json" | "md" | "csv";

export interface OutputPlan {
  /** Absolute paths the user asked for. */
  paths: Partial<Record<OutputKind, string>>;
  /** Set when JSON goes to the default place; the file name needs the finished result. */
  defaultJsonDir?: string;
}

export function planOutputs(run: Pick<CliRun, "outputs" | "writeJson">, baseDir: string): OutputPlan {
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(baseDir, path));
  const paths: OutputPlan["paths"] = {};
  for (const kind of ["json", "md", "csv"] as const) {
    const path = run.outputs[kind];
    if (path !== undefined) paths[kind] = absolute(path);
  }
  const taken = Object.entries(paths);
  for (const [kind, path] of taken) {
    const other = taken.find(([k, p]) => k !== kind && p === path);
    if (other)
      throw new UsageError(`--${kind} and --${other[0]} both write ${JSON.stringify(run.outputs[kind as OutputKind])}`);
  }
  return run.writeJson && paths.json === undefined
    ? { paths, defaultJsonDir: absolute(DEFAULT_RESULTS_DIR) }
    : { paths };
}

/** Creates the directories now and refuses a path that is a directory. */
export async function prepareOutputs(plan: OutputPlan): Promise<void> {
  const dirs = [
    ...Object.values(plan.paths).map((p) => dirname(p)),
    ...(plan.defaultJsonDir ? [plan.defaultJsonDir] : []),
  ];
  for (const dir of new Set(dirs)) {
    try {
      await mkdir(dir, { recursive: true });
    } catch (error) {
      throw new UsageError(
        `cannot create the directory ${JSON.stringify(dir)} for the output files (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      );
    }
  }
  for (const [kind, path] of Object.entries(plan.paths)) {
    const found = await stat(path).catch(() => null);
    if (found?.isDirectory())
      throw new UsageError(`--${kind} ${JSON.stringify(path)}: is a directory; give a file name`);
  }
}

/** relix-results/20250102-030405-quick-<id>.json: sorts by time, says what ran, never collides. */
export function defaultJsonName(result: RunResult): string {
  const stamp = result.createdAt
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
  return `${stamp}-${result.spec.preset ?? "custom"}-${result.id}.json`.replace(/[^\w.-]/g, "_");
}

export interface WrittenOutput {
  kind: OutputKind;
  path: string;
  error?: string;
}

/** Writes every planned file; one failure does not stop the others (each is reported). */
export async function writeOutputs(result: RunResult, plan: OutputPlan): Promise<WrittenOutput[]> {
  const jobs: Array<[OutputKind, string, () => Promise<void>]> = [];
  const json =
    plan.paths.json ?? (plan.defaultJsonDir ? join(plan.defaultJsonDir, defaultJsonName(result)) : undefined);
  if (json) jobs.push(["json", json, () => writeResultFile(json, result)]);
  const { md, csv } = plan.paths;
  if (md) jobs.push(["md", md, () => writeTextFileAtomic(md, renderMarkdownReport(result))]);
  if (csv) jobs.push(["csv", csv, () => writeTextFileAtomic(csv, renderCsv(result))]);
  const written: WrittenOutput[] = [];
  for (const [kind, path, write] of jobs) {
    try {
      await write();
      written.push({ kind, path });
    } catch (error) {
      written.push({ kind, path, error: (error as Error).message });
    }
  }
  return written;
}
