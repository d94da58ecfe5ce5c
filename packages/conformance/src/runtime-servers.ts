/**
 * The servers of another runtime (Java, Python) for one test file: each process of the runtime
 * started by its own start script, as the runner starts it (apps/runner/src/engine/launch/runtime-services.ts),
 * on ports picked free, over the test Redis and a MySQL database of the file's own, and stopped by
 * SIGTERM as the runner stops it. Their stacks are then reached like the Node ones, through the
 * addresses (http-stack-client.ts).
 */
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  serviceProcessIds,
  serviceProcessRecord,
  sidePortOf,
  type ServiceProcessId,
} from "@relix/core/stacks/service-processes";
import { stackPortVariable } from "@relix/core/stacks/port-variables";
import { RUNTIME_BUILDS, type OtherRuntime } from "@relix/core/stacks/runtime-builds";
import { stackRecord, stacksOfProcess, type StackId } from "@relix/core/stacks/stacks";
import { ensureDatabaseExists, seedDatabase } from "@relix/io/data/seed";
import { spawnOwned } from "@relix/io/lifetime";
import { createMysqlPool } from "@relix/io/repository/mysql-store";
import { serverEnvironment } from "./stack";

export type { OtherRuntime };

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** A JVM on a busy 2-core machine takes tens of seconds to open its ports (Spring Boot the longest). */
const READY_TIMEOUT_MS = 90_000;
/** How long a server may drain after SIGTERM: its SHUTDOWN_TIMEOUT_MS, and the JVM's or interpreter's exit. */
const SHUTDOWN_TIMEOUT_MS = 2_000;
const EXIT_TIMEOUT_MS = SHUTDOWN_TIMEOUT_MS + 8_000;

/** Why the runtime's servers cannot be started here (its build is missing), or undefined when they can. */
export function runtimeNotBuilt(runtime: OtherRuntime, root = REPO_ROOT): string | undefined {
  const missing = RUNTIME_BUILDS[runtime].artifacts.filter((artifact) => !existsSync(path.join(root, artifact)));
  if (missing.length === 0) return undefined;
  return `the ${runtime} stacks are not built here (${missing.join(", ")} missing): run ${RUNTIME_BUILDS[runtime].script} (pnpm build:runtimes)`;
}

/** The processes of a runtime, in the table's order. */
export const processesOfRuntime = (runtime: OtherRuntime): ServiceProcessId[] =>
  serviceProcessIds.filter((process) => serviceProcessRecord(process).runtime === runtime);

/** How a process ended after SIGTERM: its exit code or signal, and whether it had to be killed. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when it did not exit within the bound and was killed with SIGKILL. */
  killed: boolean;
}

export interface RuntimeServer {
  process: ServiceProcessId;
  child: ChildProcess;
  /** Where its /healthz, /readyz and /stats are: its stack's port (HTTP), its side port (gRPC). */
  operationsUrl: string;
  /** The last lines it printed, for a failure's message. */
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL past the bound); the same answer on every call. */
  stop(): Promise<Exit>;
}

export interface RuntimeServers {
  /** host:port of each stack served, by stack id (as stack.ts gives the Node stacks'). */
  addresses: Partial<Record<StackId, string>>;
  servers: RuntimeServer[];
  /** The server of a stack. */
  serverOf(stack: StackId): RuntimeServer;
  /** Where a stack's /stats counters are read, as the runner reads them (stack-table.ts). */
  statsUrl(stack: StackId): string;
  /** Stops every server; their exits, by process. */
  stop(): Promise<Partial<Record<ServiceProcessId, Exit>>>;
}

/** Ports the OS says are free now: all held open together, so none is handed out twice. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** The database the servers read, created and seeded as the Node services seed theirs on start. */
async function seeded(mysqlUrl: string): Promise<void> {
  await ensureDatabaseExists(mysqlUrl);
  const pool = createMysqlPool(mysqlUrl);
  try {
    await seedDatabase(pool);
  } finally {
    await pool.end();
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function exitOf(child: ChildProcess, killed: boolean): Exit {
  return { code: child.exitCode, signal: child.signalCode, killed };
}

function startServer(process: ServiceProcessId, env: Record<string, string | undefined>, ports: number[]) {
  const record = serviceProcessRecord(process);
  // Through bash, which the script execs away: the pid started is the server's own, and SIGTERM reaches it.
  // Ends with this test process however it ends; recorded for the runner's sweep of leftovers.
  const child = spawnOwned("bash", [path.join(REPO_ROOT, record.start!)], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    what: record.label,
    ports,
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.on("error", (error) => keep(Buffer.from(error.message)));
  let stopping: Promise<Exit> | undefined;
  const stop = () =>
    (stopping ??= new Promise<Exit>((resolve) => {
      if (exited(child)) return resolve(exitOf(child, false));
      let killed = false;
      const timer = setTimeout(() => {
        killed = true;
        child.kill("SIGKILL");
      }, EXIT_TIMEOUT_MS);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve(exitOf(child, killed));
      });
      child.kill("SIGTERM");
    }));
  return { child, output: () => lines.join("\n"), stop };
}

async function waitUntilReady(server: RuntimeServer): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const label = serviceProcessRecord(server.process).label;
  while (Date.now() < deadline) {
    if (exited(server.child)) throw new Error(`${label} exited during start-up:\n${server.output()}`);
    if (await answers(`${server.operationsUrl}/readyz`)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${label} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${server.output()}`);
}

/**
 * Starts every server of the runtime over the test Redis and the database at `mysqlUrl` (seeded
 * first: these servers do not seed), and resolves once each answers /readyz. A server that fails
 * to start stops the others and rejects with its output.
 */
export async function startRuntimeServers(runtime: OtherRuntime, mysqlUrl: string): Promise<RuntimeServers> {
  const notBuilt = runtimeNotBuilt(runtime);
  if (notBuilt) throw new Error(notBuilt);
  await seeded(mysqlUrl);

  const processes = processesOfRuntime(runtime);
  const stacks = processes.flatMap((process) => stacksOfProcess(process));
  const sides = processes.filter((process) => sidePortOf(process) !== undefined);
  const ports = await freePorts(stacks.length + sides.length);
  const stackPorts = new Map(stacks.map((stack, i) => [stack, ports[i]!]));
  const sidePorts = new Map(sides.map((process, i) => [process, ports[stacks.length + i]!]));

  const servers: RuntimeServer[] = processes.map((process) => {
    const own = stacksOfProcess(process);
    const settings: Record<string, string> = {
      HOST: "127.0.0.1",
      MYSQL_URL: mysqlUrl,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    };
    for (const stack of own) settings[stackPortVariable(stack).variable] = String(stackPorts.get(stack));
    const side = sidePortOf(process);
    if (side) settings[side.variable] = String(sidePorts.get(process));
    const held = [...own.map((stack) => stackPorts.get(stack)!), ...(side ? [sidePorts.get(process)!] : [])];
    const operationsPort = side ? sidePorts.get(process)! : stackPorts.get(own[0]!)!;
    return {
      process,
      operationsUrl: `http://127.0.0.1:${operationsPort}`,
      ...startServer(process, serverEnvironment(settings), held),
    };
  });
  const stop = async () => {
    const exits = await Promise.all(servers.map(async (server) => [server.process, await server.stop()] as const));
    return Object.fromEntries(exits) as Partial<Record<ServiceProcessId, Exit>>;
  };
  // Settled, not raced: a server that failed must not leave another still starting when all are stopped.
  const outcomes = await Promise.allSettled(servers.map(waitUntilReady));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }

  const serverOf = (stack: StackId): RuntimeServer => {
    const server = servers.find((s) => s.process === stackRecord(stack).process);
    if (!server) throw new Error(`${stack} is not a ${runtime} stack`);
    return server;
  };
  return {
    addresses: Object.fromEntries(stacks.map((stack) => [stack, `127.0.0.1:${stackPorts.get(stack)}`])),
    servers,
    serverOf,
    statsUrl: (stack) =>
      stackRecord(stack).family === "grpc"
        ? `${serverOf(stack).operationsUrl}/stats?stack=${stack}`
        : `http://127.0.0.1:${stackPorts.get(stack)}/stats`,
    stop,
  };
}
