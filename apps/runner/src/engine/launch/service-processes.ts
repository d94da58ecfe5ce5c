import type { ChildProcess } from "node:child_process";
import type { LaunchedProcess } from "@relix/core";
import type { ServiceProcessId } from "@relix/core/stacks/service-processes";
import { spawnOwned } from "@relix/io/lifetime";
import type { ServiceName } from "./service-build";

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  /** When it was spawned (ISO 8601): a launch's record names each process by its pid and this. */
  startedAt: string;
  /** The last lines the service printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts one API's bundle (see service-build.ts) as a child process (its own CPU and memory, as in
 * production), with exactly the environment given: the caller's own, read at its start-up, plus
 * the service's settings. It dies with this process: killed if this one exits first, recorded for
 * the runner's start-up sweep if this one is killed outright; `ports` name it there.
 */
export function spawnService(
  name: ServiceName,
  bundle: string,
  env: Readonly<Record<string, string | undefined>>,
  ports: readonly number[],
): ServiceProcess {
  return spawnServiceProcess(
    { name, label: name === "rest" ? "the REST API" : "the gRPC API", command: process.execPath, args: [bundle] },
    { ...env, NODE_ENV: "production" },
    ports,
  );
}

/**
 * Starts a server as a child process owned like the APIs' (killed with this process, swept after
 * a crash), keeping its last lines of output for error messages.
 */
export function spawnServiceProcess(
  what: { name: string; label: string; command: string; args?: readonly string[] },
  env: Readonly<Record<string, string | undefined>>,
  ports: readonly number[],
): ServiceProcess {
  const startedAt = new Date().toISOString();
  const child = spawnOwned(what.command, what.args ?? [], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    what: what.label,
    ports,
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  // A command that cannot be run at all reports it here, not by an exit: keep it as its output.
  child.on("error", (error) => keep(Buffer.from(String(error.message))));
  return {
    name: what.name,
    child,
    startedAt,
    output: () => lines.join("\n"),
    stop: () => stopChild(child),
  };
}

/** A started process as a launch's record names it; nothing when it has no pid (it never started). */
export function launchedProcessOf(name: ServiceProcessId, started: ServiceProcess): LaunchedProcess[] {
  const pid = started.child.pid;
  return pid === undefined ? [] : [{ name, pid, startedAt: started.startedAt }];
}

/** SIGTERM (the services drain and close their pools), SIGKILL if that takes too long. */
export async function stopChild(child: ChildProcess, timeoutMs = 8_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}
