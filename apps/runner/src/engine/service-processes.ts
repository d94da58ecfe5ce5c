import { spawn, type ChildProcess } from "node:child_process";
import { ownChildProcess } from "@relix/io/lifetime";
import type { ServiceName } from "./service-build";

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
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
  const child = spawn(process.execPath, [bundle], {
    env: { ...env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  ownChildProcess(child, name === "rest" ? "the REST API" : "the gRPC API", ports);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return {
    name,
    child,
    output: () => lines.join("\n"),
    stop: () => stopChild(child),
  };
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
