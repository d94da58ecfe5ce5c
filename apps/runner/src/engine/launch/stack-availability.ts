import { specForWorkload, sweepLoadBase, type RunSpec } from "@relix/core";
import { isPortListening, type LocatedTool } from "@relix/io/backends";
import { readFileSync } from "node:fs";
import { stackRecord, type StackId } from "@relix/core/stacks/stacks";
import { unservedWorkloadReasons, unservedWorkloads } from "@relix/core/stacks/stack-workloads";
import type { ServiceProcessId } from "@relix/core/stacks/service-processes";
import { generatorForRun, type GeneratorRegistry } from "../measure/generators/registry";
import type { PlannedCell } from "../plan/run-plan";
import { hostPort } from "@relix/core/network/loopback";
import { readStats } from "../measure/server-stats";
import {
  DEFAULT_STACK_OF,
  protocolOf,
  stackPort,
  stackStats,
  StackNotServedError,
  type StatsEndpoint,
} from "../plan/stack-table";
import { grpcHostOf, restHostOf, type ServiceTargets } from "./targets";

/** A process that has just started opens its extra listeners a moment after its first one. */
const SETTLE_MS = 3_000;

interface StatsIdentity {
  stack?: string;
  pid?: number;
}

async function statsOf(endpoint: StatsEndpoint): Promise<StatsIdentity | string> {
  try {
    return await readStats(endpoint);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return `nothing answers there as a Relix stack (${cause?.code ?? (error as Error).message})`;
  }
}

/** The parent of a process on this machine, or null when it cannot be read (ended, or not Linux). */
function parentPid(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

/**
 * Whether `pid` is the process the runner started or a worker it forked (gunicorn answers from
 * its worker, a child of the process started).
 */
const isStartedProcess = (pid: number, started: number) => pid === started || parentPid(pid) === started;

/**
 * Why one stack cannot be measured at these targets, or null. Its /stats must name it, and come
 * from the process that serves it: for a stack of a Node process, the same process as its family's
 * default stack; for a process the runner started for this run, that process (a port taken by
 * another set of services would otherwise be measured in its place). Its port must accept connections.
 */
async function problemOf(
  targets: ServiceTargets,
  stack: StackId,
  startedPids: Partial<Record<ServiceProcessId, number>>,
): Promise<string | null> {
  let port: number;
  try {
    port = stackPort(targets, stack);
  } catch (error) {
    return (error as Error).message.replace(/^refusing to measure: /, "");
  }
  const host = protocolOf(stack) === "rest" ? restHostOf(targets) : grpcHostOf(targets);
  const where = hostPort(host, port);
  const homeStack = DEFAULT_STACK_OF[protocolOf(stack)];
  const sameProcessAsHome = stackRecord(homeStack).process === stackRecord(stack).process;
  const [own, home] = await Promise.all([
    statsOf(stackStats(targets, stack)),
    sameProcessAsHome ? statsOf(stackStats(targets, homeStack)) : Promise.resolve(null),
  ]);
  if (typeof own === "string") return `the ${stack} stack at ${where} is not served: ${own}`;
  if (own.stack !== undefined && own.stack !== stack) {
    return `what answers at ${where} is the ${own.stack} stack, not ${stack}`;
  }
  if (
    home !== null &&
    typeof home !== "string" &&
    own.pid !== undefined &&
    home.pid !== undefined &&
    own.pid !== home.pid
  ) {
    return `the ${stack} stack at ${where} belongs to another process than the services measured (pid ${own.pid}, not ${home.pid})`;
  }
  const started = startedPids[stackRecord(stack).process];
  if (started !== undefined && own.pid !== undefined && !isStartedProcess(own.pid, started)) {
    return `the ${stack} stack at ${where} belongs to another process than the one started for it (pid ${own.pid}, not ${started})`;
  }
  if (!(await isPortListening(port, host, 2_000))) return `the ${stack} stack's port ${where} accepts no connection`;
  return null;
}

/**
 * Refuses a run before anything is measured when a stack it asks for is not served at the targets
 * (its port off, taken by something else, or not listening), naming each such stack and why.
 */
export async function checkStacksServed(
  targets: ServiceTargets,
  wanted: readonly StackId[],
  {
    settleMs = SETTLE_MS,
    signal,
    startedPids = {},
  }: {
    settleMs?: number;
    signal?: AbortSignal;
    /** The processes the runner started for this run (runtime-services.ts), by process: their stacks must answer from them. */
    startedPids?: Partial<Record<ServiceProcessId, number>>;
  } = {},
): Promise<void> {
  const deadline = Date.now() + settleMs;
  for (;;) {
    signal?.throwIfAborted();
    const problems = await Promise.all(wanted.map((stack) => problemOf(targets, stack, startedPids)));
    const refused = wanted.filter((_, i) => problems[i] !== null);
    if (refused.length === 0) return;
    if (Date.now() >= deadline) {
      throw new StackNotServedError(
        refused,
        problems.filter((p): p is string => p !== null),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Refuses a run before anything is measured when a stack has no load generator, or its generator
 * cannot run a cell's load (each cell with the load its workload may have of its own).
 */
export function checkStacksDrivable(
  spec: RunSpec,
  cells: readonly PlannedCell[],
  wanted: readonly StackId[],
  generators: GeneratorRegistry,
  tools: Readonly<Record<string, LocatedTool | undefined>> = {},
): void {
  const reasons = new Map<StackId, string[]>();
  const loads = sweepLoadBase(spec);
  for (const stack of wanted) {
    let problems: string[];
    try {
      const generator = generatorForRun(generators, stack, spec);
      // A program looked for at start-up and not found: said now, not at the first warm-up.
      const located = generator.executable ? tools[generator.executable.name] : undefined;
      const missing = located && located.path === null ? [located.problem] : [];
      problems = [
        ...missing,
        ...cells.flatMap((cell) => {
          const reason = generator.cannotRun?.(specForWorkload(loads, cell.workload.id)) ?? null;
          return reason === null ? [] : [`${cell.workload.id}: ${reason}`];
        }),
      ];
    } catch (error) {
      problems = [(error as Error).message];
    }
    if (problems.length > 0) reasons.set(stack, [...new Set(problems)]);
  }
  if (reasons.size > 0) {
    throw new StackNotServedError(
      [...reasons.keys()],
      [...reasons].map(([stack, problems]) => `the ${stack} stack cannot be driven (${problems.join("; ")})`),
    );
  }
}

/**
 * Refuses a run before anything is started or measured when it asks a stack for a workload the
 * stack does not serve (a server of another runtime serves its studies' workloads only), naming
 * each such stack and workload.
 */
export function checkStacksServeWorkloads(cells: readonly PlannedCell[], wanted: readonly StackId[]): void {
  const unserved = unservedWorkloads(wanted, [...new Set(cells.map((cell) => cell.workload.id))]);
  if (unserved.length > 0) {
    throw new StackNotServedError([...new Set(unserved.map((u) => u.stack))], unservedWorkloadReasons(unserved));
  }
}
