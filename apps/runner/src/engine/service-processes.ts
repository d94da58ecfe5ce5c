import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const tsxCli = require.resolve("tsx/cli");

export const SERVICE_ENTRY_POINTS = {
  rest: fileURLToPath(new URL("../../../rest-api/src/main.ts", import.meta.url)),
  grpc: fileURLToPath(new URL("../../../grpc-api/src/main.ts", import.meta.url)),
};

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  /** The last lines the service printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts one API as a child process (its own CPU and memory, as in production). */
export function spawnService(name: "rest" | "grpc", env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, [tsxCli, SERVICE_ENTRY_POINTS[name]], {
    env: { ...process.env, ...env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
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
