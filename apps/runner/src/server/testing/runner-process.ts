import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const runnerRoot = fileURLToPath(new URL("../../..", import.meta.url));

export interface RunnerProcess {
  child: ChildProcess;
  /** Where it listens, as it logged it. */
  url: string;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills it outright (SIGKILL: nothing of its own runs) and resolves once it has exited. */
  kill(): Promise<void>;
}

/**
 * The runner service (main.ts) as a process of its own, configured only by `env` (nothing of this
 * process's environment but PATH and HOME, so no REDIS_URL / MYSQL_URL from the test setup): node
 * itself with tsx's loader, so its pid is the runner's. Resolves once it logs where it listens.
 */
export async function startRunnerProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<RunnerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("src", "server", "main.ts")], {
    cwd: runnerRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, RUNNER_HOST: "127.0.0.1", RUNNER_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const onData = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const deadline = Date.now() + timeoutMs;
      const look = () => {
        const match = /listening on (http:\/\/[^;\s]+)/.exec(output);
        if (match) return resolve(match[1]!);
        if (child.exitCode !== null || child.signalCode !== null) {
          return reject(
            new Error(`the runner exited (${child.signalCode ?? child.exitCode}) before listening:\n${output}`),
          );
        }
        if (Date.now() > deadline)
          return reject(new Error(`the runner did not listen within ${timeoutMs} ms:\n${output}`));
        setTimeout(look, 50);
      };
      look();
    });
    return { child, url, output: () => output, exited, kill };
  } catch (error) {
    await kill();
    throw error;
  }
}
