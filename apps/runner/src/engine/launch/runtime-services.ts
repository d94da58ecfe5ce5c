/**
 * The servers of other runtimes (Java, Python) a run asks for: each is a process of its own,
 * started by its start script beside the Node services, over the same Redis and MySQL, with the
 * same environment the Node services get, on the ports the targets give its stacks.
 *
 * They live for one run: started when a run names one of their stacks and stopped when it ends.
 * The backends they read may be the run's own (ephemeral Redis and MariaDB started by
 * ensureServices and stopped after the run), a JVM holds half a gigabyte of heap while it idles,
 * and most runs measure Node stacks only; a few seconds of start-up per run is the price.
 *
 * They are started only beside services this runner started: with the operator's services
 * (RELIX_REMOTE_SERVICES=1, RELIX_USE_RUNNING_SERVICES=1) the runner starts nothing and measures
 * what answers, and embedded backends cannot serve them (these servers read a real Redis and MySQL).
 */
import path from "node:path";
import type { LaunchedProcess } from "@relix/core";
import { hostPort } from "@relix/core/network/loopback";
import {
  serviceProcessRecord,
  sidePortOf as recordSidePortOf,
  type ServiceProcessId,
} from "@relix/core/stacks/service-processes";
import { stackPortVariable } from "@relix/core/stacks/port-variables";
import { stackRecord, stacksOfProcess, type StackId } from "@relix/core/stacks/stacks";
import { ensureRuntimeBuilt, RuntimeNotBuiltError } from "./runtime-build";
import { REPO_ROOT } from "./service-build";
import type { ManagedServices } from "./service-manager";
import { waitForFreePorts } from "./port-release";
import { launchedProcessOf, spawnServiceProcess, type ServiceProcess } from "./service-processes";
import { protocolOf, stackPort, StackNotServedError } from "../plan/stack-table";
import { grpcHostOf, restHostOf, USE_RUNNING_SERVICES_OPT_IN, type ServiceTargets } from "./targets";
import { answers } from "./answers";

export interface RuntimeServices {
  /** The pid of each process started for the run, by process: its stacks must answer from it. */
  startedPids: Partial<Record<ServiceProcessId, number>>;
  /** The processes of the current launch. */
  processes(): LaunchedProcess[];
  /**
   * Stops every process started for the run and starts each afresh on its ports, waiting until it
   * is ready: a new launch (relaunch.ts). Absent when one of the run's processes was already
   * running (the operator's, with the opt-in): that one is not the runner's to restart.
   */
  restart?: (options: { signal?: AbortSignal; log?: (message: string) => void }) => Promise<void>;
  stop(): Promise<void>;
}

/** A JVM on a busy machine takes tens of seconds to open its ports (Spring Boot the longest). */
const READY_TIMEOUT_MS = 90_000;

const NOTHING_STARTED: RuntimeServices = {
  startedPids: {},
  processes: () => [],
  restart: async () => {},
  stop: async () => {},
};

/** The processes of another runtime than Node that serve some of these stacks, in the table's order. */
export function otherRuntimeProcesses(stacks: readonly StackId[]): ServiceProcessId[] {
  const processes = stacks.map((stack) => stackRecord(stack).process);
  return [...new Set(processes)].filter((process) => serviceProcessRecord(process).runtime !== "node");
}

/** Where a process says it is ready: its stack's port for an HTTP server, its side port for a gRPC one. */
function readinessBase(targets: ServiceTargets, process: ServiceProcessId): string {
  const [stack] = stacksOfProcess(process) as [StackId];
  if (protocolOf(stack) === "rest") return `http://${hostPort(restHostOf(targets), stackPort(targets, stack))}`;
  const side = targets.sidePorts?.[process];
  if (side === undefined) {
    throw new StackNotServedError(
      [stack],
      [
        `no side port is configured for ${serviceProcessRecord(process).label} (${recordSidePortOf(process)!.variable})`,
      ],
    );
  }
  return `http://${hostPort(grpcHostOf(targets), side)}`;
}

/** The port variables a process is started with, and the ports it will hold (for the leftover sweep). */
function portsOf(targets: ServiceTargets, process: ServiceProcessId): { env: Record<string, string>; ports: number[] } {
  const env: Record<string, string> = {};
  const ports: number[] = [];
  for (const stack of stacksOfProcess(process)) {
    const port = stackPort(targets, stack);
    env[stackPortVariable(stack).variable] = String(port);
    ports.push(port);
  }
  const side = recordSidePortOf(process);
  const sidePort = targets.sidePorts?.[process];
  if (side && sidePort !== undefined) {
    env[side.variable] = String(sidePort);
    ports.push(sidePort);
  }
  return { env, ports };
}

async function waitUntilReady(started: ServiceProcess, readyz: string, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`${started.name} exited during start-up:\n${started.output()}`);
    }
    if (await answers(readyz)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${started.name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${started.output()}`);
}

/**
 * Starts the processes of other runtimes that serve the run's stacks, when the runner started the
 * Node services (else nothing: the operator's services are measured as they answer, and
 * stack-availability.ts refuses a stack that does not). Refuses, naming the stacks and why, when
 * the backends are embedded, a runtime is not built, or something else already answers there.
 */
export async function startRuntimeServices(
  targets: ServiceTargets,
  stacks: readonly StackId[],
  {
    services,
    env,
    signal,
    log = () => {},
  }: {
    services: ManagedServices;
    env: Readonly<Record<string, string | undefined>>;
    signal?: AbortSignal;
    log?: (message: string) => void;
  },
): Promise<RuntimeServices> {
  const wanted = otherRuntimeProcesses(stacks);
  if (wanted.length === 0 || targets.external || !services.started) return NOTHING_STARTED;
  const stacksOf = (process: ServiceProcessId) => stacks.filter((stack) => stackRecord(stack).process === process);
  const backends = services.backendUrls;
  if (!backends) {
    const refused = wanted.flatMap(stacksOf);
    throw new StackNotServedError(refused, [
      `${refused.join(", ")} cannot be served over embedded backends: the Java and Python servers read a real Redis and MySQL ` +
        "(install redis-server and mariadb-server, or set REDIS_URL and MYSQL_URL)",
    ]);
  }

  const runtimes = [...new Set(wanted.map((process) => serviceProcessRecord(process).runtime))];
  await Promise.all(
    runtimes.map((runtime) =>
      ensureRuntimeBuilt(runtime as Exclude<typeof runtime, "node">, {
        env,
        onBuild: (script) => log(`building the ${runtime} stacks (${script}: they are missing)`),
      }).catch((error: unknown) => {
        if (!(error instanceof RuntimeNotBuiltError)) throw error;
        const refused = wanted.filter((p) => serviceProcessRecord(p).runtime === runtime).flatMap(stacksOf);
        throw new StackNotServedError(refused, [error.message]);
      }),
    ),
  );
  signal?.throwIfAborted();

  const run: RuntimeStart = { targets, env, backends, signal, log, stacksOf, started: new Map(), startedPids: {} };
  await startEvery(wanted, run);
  const processes = () => [...run.started].flatMap(([process, server]) => launchedProcessOf(process, server));
  const restart: RuntimeServices["restart"] = async (options) => {
    await stopEvery(run);
    await startEvery(wanted, { ...run, signal: options.signal, log: options.log ?? log });
  };
  return {
    startedPids: run.startedPids,
    processes,
    // One already running when the run began was not started by it, and is not its to restart.
    ...(run.started.size === wanted.length ? { restart } : {}),
    stop: () => stopEvery(run),
  };
}

/** Starts every wanted process, each waited ready; on a failure stops those started and throws it. */
async function startEvery(wanted: readonly ServiceProcessId[], run: RuntimeStart): Promise<void> {
  // Settled, not raced: a process that failed must not leave another still starting when all are stopped.
  const outcomes = await Promise.allSettled(wanted.map((process) => startRuntimeProcess(process, run)));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failed) {
    await stopEvery(run);
    throw failed.reason;
  }
}

/** Stops every process started, and forgets them (a restart starts them again). */
async function stopEvery(run: RuntimeStart): Promise<void> {
  const stopping = [...run.started.values()];
  run.started.clear();
  await Promise.all(stopping.map((p) => p.stop()));
}

/** What starting one process of the run needs, and where the processes started are kept (to stop them). */
interface RuntimeStart {
  targets: ServiceTargets;
  env: Readonly<Record<string, string | undefined>>;
  backends: { redis: string; mysql: string };
  signal: AbortSignal | undefined;
  log: (message: string) => void;
  /** The run's stacks the process serves. */
  stacksOf: (process: ServiceProcessId) => StackId[];
  /** The processes started, by process: kept in place from launch to launch, so stop() stops whichever run. */
  started: Map<ServiceProcessId, ServiceProcess>;
  /** Each one's pid, updated as a launch starts it again. */
  startedPids: Partial<Record<ServiceProcessId, number>>;
}

/**
 * Starts one process of another runtime and waits until it is ready. One already answering where
 * it would be started is not this runner's: measured as it is with the opt-in, else refused.
 */
async function startRuntimeProcess(process: ServiceProcessId, run: RuntimeStart): Promise<void> {
  const { targets, env, backends, signal, log, stacksOf } = run;
  const record = serviceProcessRecord(process);
  const base = readinessBase(targets, process);
  if (await answers(`${base}/healthz`)) {
    // Not this runner's: measured as it is when the operator says so, else refused like the Node services'.
    if (targets.useRunning) return;
    throw new StackNotServedError(stacksOf(process), [
      `something already answers at ${base} where ${record.label} would be started: it may be left over from a runner ` +
        `that was killed, or be someone else's; stop it, or set ${USE_RUNNING_SERVICES_OPT_IN} to measure it as it is`,
    ]);
  }
  const { env: portEnv, ports } = portsOf(targets, process);
  const host = protocolOf(stacksOf(process)[0]!) === "rest" ? restHostOf(targets) : grpcHostOf(targets);
  // The gRPC servers' ports are in the ephemeral range: a closed connection's port is waited out (port-release.ts).
  await waitForFreePorts({ host, ports, log, signal });
  log(`starting ${record.label} (${record.start})`);
  const child = spawnServiceProcess(
    // Through bash, which the script execs away: the pid started is the server's own.
    { name: record.label, label: record.label, command: "bash", args: [path.join(REPO_ROOT, record.start!)] },
    { ...env, ...portEnv, HOST: host, REDIS_URL: backends.redis, MYSQL_URL: backends.mysql },
    ports,
  );
  run.started.set(process, child);
  if (child.child.pid !== undefined) run.startedPids[process] = child.child.pid;
  await waitUntilReady(child, `${base}/readyz`, signal);
}
