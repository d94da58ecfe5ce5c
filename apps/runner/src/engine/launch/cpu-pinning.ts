import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { findExecutable } from "@relix/io/backends";

const run = promisify(execFile);

/** Which cores the load generator and the system under test were kept on. */
export interface CpuLayout {
  generator: number[];
  services: number[];
}

/**
 * Pinning is done with util-linux `taskset`: Node has no affinity API, and affinity is inherited
 * across fork and exec, so pinning this process also places every tool it spawns (ghz) on the
 * generator's cores without touching how the drivers start them.
 */
export type PinningPlan = { layout: CpuLayout; taskset: string } | { layout: null; unavailable: string };

/** "0-2,5" -> [0, 1, 2, 5] (the kernel's list format, as in /proc/<pid>/status and taskset). */
export function parseCpuList(list: string): number[] {
  const cpus: number[] = [];
  for (const part of list.trim().split(",")) {
    if (part === "") continue;
    const [from, to = from] = part.split("-").map(Number);
    for (let cpu = from!; cpu <= to!; cpu++) cpus.push(cpu);
  }
  return cpus;
}

/** The cores a process may run on, from /proc/<pid>/status; null when it is gone or /proc is absent. */
export function allowedCpus(pid: number | "self" = "self"): number[] | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const line = /^Cpus_allowed_list:\s*(.+)$/m.exec(status);
    return line ? parseCpuList(line[1]!) : null;
  } catch {
    return null;
  }
}

/**
 * The generator gets the first quarter of the cores this process may use (at least one), the
 * services, Redis and MariaDB the rest. One core for the generator is what a single-threaded
 * autocannon can use anyway, and ghz's workers then compete with autocannon's client only, not with
 * the servers they measure; on 2 cores that is core 0 for the generator and core 1 for all servers.
 */
export function splitCores(cpus: readonly number[]): CpuLayout | null {
  if (cpus.length < 2) return null;
  const generatorCount = Math.max(1, Math.floor(cpus.length / 4));
  return { generator: cpus.slice(0, generatorCount), services: cpus.slice(generatorCount) };
}

export async function planPinning(env: Readonly<Record<string, string | undefined>>): Promise<PinningPlan> {
  if (process.platform !== "linux")
    return { layout: null, unavailable: `CPU affinity is set on Linux only, not ${process.platform}` };
  const cpus = allowedCpus();
  const layout = cpus ? splitCores(cpus) : null;
  if (!layout)
    return {
      layout: null,
      unavailable: `this process may use ${cpus?.length ?? "an unknown number of"} core(s): at least 2 are needed`,
    };
  const taskset = await findExecutable(["taskset"], env.PATH === undefined ? {} : { searchPath: env.PATH });
  if (!taskset) return { layout: null, unavailable: "taskset (util-linux) is not installed" };
  return { layout, taskset };
}

/** Every thread of `pid` onto `cpus` (new threads inherit it from the thread that creates them). */
export async function setAffinity(taskset: string, pid: number, cpus: readonly number[]): Promise<void> {
  await run(taskset, ["--all-tasks", "--cpu-list", "--pid", cpus.join(","), String(pid)]);
}

/**
 * Places this process (and so the load generators it runs or spawns) on the generator's cores and
 * the given server processes on the others. The returned function puts every process back on the
 * cores it had, so a runner that measures several runs leaves no affinity behind for the next one.
 */
export async function applyPinning(
  plan: { layout: CpuLayout; taskset: string },
  servicePids: readonly number[],
): Promise<() => Promise<void>> {
  const previous = new Map<number, number[]>();
  const place = async (pid: number, cpus: readonly number[]) => {
    const before = allowedCpus(pid);
    if (!before) return;
    previous.set(pid, before);
    await setAffinity(plan.taskset, pid, cpus);
  };
  const restore = async () => {
    for (const [pid, cpus] of previous) await setAffinity(plan.taskset, pid, cpus).catch(() => {});
  };
  try {
    for (const pid of servicePids) await place(pid, plan.layout.services);
    await place(process.pid, plan.layout.generator);
  } catch (error) {
    // Half a layout is worse than none: the run goes on unpinned, as the finding will say.
    await restore();
    throw error;
  }
  return restore;
}
