import type { Socket } from "node:net";
import { spawnOwned } from "../lifetime/spawn-owned";

const OUTPUT_TAIL_BYTES = 16 * 1024;

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be spawned at all. */
  error?: Error;
}

export interface ServerProcess {
  readonly pid: number | undefined;
  /** The exit, once it happened; null while running. */
  exitStatus(): ServerExit | null;
  readonly exited: Promise<ServerExit>;
  /** The last lines the server wrote to stdout and stderr (where both servers log by default). */
  outputTail(lines?: number): string;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
  stop(graceMs: number): Promise<void>;
}

/**
 * Spawns a long-running server. Its output is kept (bounded) for error messages, and it does not
 * keep this process alive on its own. It dies with this process: killed if this one exits first,
 * recorded for the runner's start-up sweep if this one is killed outright (lifetime/own.ts); `what`
 * and `ports` name it there.
 */
export function spawnServer(
  command: string,
  args: readonly string[],
  cwd: string,
  what: string,
  ports: readonly number[],
): ServerProcess {
  const child = spawnOwned(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], what, ports });
  let output = "";
  let status: ServerExit | null = null;

  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_TAIL_BYTES);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  const exited = new Promise<ServerExit>((resolve) => {
    child.once("error", (error) => {
      // 'error' without 'exit' means it never started; with 'exit' the exit event wins.
      if (child.pid === undefined) {
        status = { code: null, signal: null, error };
        resolve(status);
      }
    });
    child.once("exit", (code, signal) => {
      status = { code, signal };
      resolve(status);
    });
  });

  // Child stdio pipes are sockets; unref'd, they no longer hold the event loop open.
  child.unref();
  (child.stdout as Socket).unref();
  (child.stderr as Socket).unref();

  return {
    pid: child.pid,
    exitStatus: () => status,
    exited,
    outputTail(lines = 30) {
      return output.trimEnd().split("\n").slice(-lines).join("\n");
    },
    async stop(graceMs) {
      if (status !== null) return;
      child.kill("SIGTERM");
      // This timer is ref'd on purpose: it keeps the host alive until the server is really gone.
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      try {
        await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
