import type { ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import { createInterface } from "node:readline";
import { spawnOwned } from "../../lifetime/spawn-owned";

/**
 * Runs a small Node program (plain JavaScript source) inside a namespace: `execPrefix` is a link
 * side's `ip netns exec <namespace>`. This very Node binary runs it, so nothing else need be installed.
 */
const nodeArgv = (execPrefix: readonly string[], source: string, args: readonly string[]) => [
  ...execPrefix,
  process.execPath,
  "--input-type=module",
  "-e",
  source,
  ...args,
];

/** Runs it to the end and returns the last JSON line it printed; bounded by `timeoutMs`. */
export function runNodeProgram(
  execPrefix: readonly string[],
  source: string,
  args: readonly string[],
  timeoutMs: number,
): Promise<unknown> {
  const argv = nodeArgv(execPrefix, source, args);
  const child = spawnOwned(argv[0]!, argv.slice(1), {
    stdio: ["ignore", "pipe", "pipe"],
    what: "a probe inside a packet link's namespace",
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      const last = stdout.trim().split("\n").pop() ?? "";
      if (code === 0) {
        try {
          resolve(JSON.parse(last));
          return;
        } catch {
          // reported below
        }
      }
      const why = signal === "SIGKILL" ? `took longer than ${timeoutMs} ms` : `ended with ${signal ?? `code ${code}`}`;
      reject(new Error(`a program inside ${execPrefix.at(-1)} ${why}:\n${stderr.trim() || last}`));
    });
  });
}

/** A long-running program that prints {"port": n} once it listens. */
export interface NamespacedServer {
  pid: number;
  port: number;
  stop(): Promise<void>;
}

export async function startNodeServer(
  execPrefix: readonly string[],
  source: string,
  args: readonly string[],
  what: string,
  timeoutMs = 10_000,
): Promise<NamespacedServer> {
  const argv = nodeArgv(execPrefix, source, args);
  const child = spawnOwned(argv[0]!, argv.slice(1), { stdio: ["ignore", "pipe", "pipe"], what });
  child.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as unknown as Socket).unref();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 2_000);
      await exited;
      clearTimeout(timer);
    }
  };
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  try {
    const port = await firstPort(child, exited, timeoutMs);
    return { pid: child.pid!, port, stop };
  } catch (error) {
    await stop();
    throw new Error(`${what} did not start inside ${execPrefix.at(-1)}: ${(error as Error).message}\n${stderr.trim()}`);
  }
}

function firstPort(child: ChildProcess, exited: Promise<void>, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no port within ${timeoutMs} ms`)), timeoutMs);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`it exited (${child.signalCode ?? `code ${child.exitCode}`})`));
    });
    createInterface({ input: child.stdout! }).on("line", (line) => {
      try {
        const { port } = JSON.parse(line) as { port?: unknown };
        if (typeof port === "number") {
          clearTimeout(timer);
          resolve(port);
        }
      } catch {
        // not its port line
      }
    });
  });
}
