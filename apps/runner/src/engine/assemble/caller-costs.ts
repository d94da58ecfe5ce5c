// What callers pay to encode and decode each workload's messages, as `pnpm bench:codecs` last
// measured it on this machine (data/caller-costs.json at the repository's root, or the file
// RELIX_CALLER_COSTS names). A run copies the figures for its own workloads into its result, so a
// permalink keeps this machine's figures wherever it is opened. No file, or one that does not
// parse: the result has none, and the reports say how to measure them.
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { callerCostsFileSchema, callerCostsRecordOf, type CallerCostsRecord } from "@relix/core";
import { REPO_ROOT } from "../launch/service-build";

type Env = Readonly<Record<string, string | undefined>>;

export const callerCostsPath = (env: Env): string =>
  env.RELIX_CALLER_COSTS ?? path.join(REPO_ROOT, "data", "caller-costs.json");

/** This machine as `pnpm bench:codecs` names the one it measured on. */
export const thisMachine = () => ({ cpuModel: os.cpus()[0]?.model.trim() ?? "unknown", cores: os.cpus().length });

/** The record for the run's workloads, or null with why there is none. */
export function callerCostsForRun(
  workloads: readonly string[],
  env: Env,
): { record: CallerCostsRecord } | { record: null; why: string } {
  const file = callerCostsPath(env);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return { record: null, why: `${file} does not exist: run pnpm bench:codecs to measure what callers pay` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { record: null, why: `${file} is not JSON (${(error as Error).message}): run pnpm bench:codecs again` };
  }
  const parsed = callerCostsFileSchema.safeParse(json);
  if (!parsed.success)
    return { record: null, why: `${file} is not a relix.caller-costs/v1 file: run pnpm bench:codecs again` };
  // Figures from another machine would be read as this run's machine's: leave them out.
  const here = thisMachine();
  const { machine } = parsed.data;
  if (machine.cpuModel !== here.cpuModel || machine.cores !== here.cores) {
    return {
      record: null,
      why: `${file} was measured on another machine (${machine.cpuModel}, ${machine.cores} cores): run pnpm bench:codecs here`,
    };
  }
  const record = callerCostsRecordOf(parsed.data, workloads);
  return record ? { record } : { record: null, why: `${file} measured none of this run's workloads` };
}
