import { execFile, execFileSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";

/**
 * The system programs a packet link is built with (`ip`, `iptables`, `tc`). Debian keeps them in
 * /usr/sbin, which a PATH may lack, so the sbin folders are always looked in too.
 */
export type SystemTool = "ip" | "iptables" | "tc";

const SYSTEM_DIRS = ["/usr/sbin", "/sbin", "/usr/bin", "/bin"];
const COMMAND_TIMEOUT_MS = 15_000;

/** Where `name` is, or null; `searchPath` is a PATH from the caller's environment. */
export function findSystemTool(name: SystemTool, searchPath = ""): string | null {
  for (const dir of [...searchPath.split(path.delimiter).filter(Boolean), ...SYSTEM_DIRS]) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** A command that failed: what was run and what it said, for the error a caller shows. */
export class SystemCommandError extends Error {
  constructor(
    readonly argv: readonly string[],
    readonly stderr: string,
    cause: unknown,
  ) {
    const said = stderr.trim() || (cause instanceof Error ? cause.message : String(cause));
    super(`\`${argv.join(" ")}\` failed: ${said}`);
  }
}

/** Runs `argv` (absolute program first) to completion, bounded in time; resolves to its stdout. */
export function runSystemCommand(argv: readonly string[], timeoutMs = COMMAND_TIMEOUT_MS): Promise<string> {
  const [program, ...args] = argv;
  return new Promise((resolve, reject) => {
    execFile(program!, args, { timeout: timeoutMs, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error) reject(new SystemCommandError(argv, stderr, error));
      else resolve(stdout);
    });
  });
}

/** The same, synchronously: only for the exit hook, where nothing asynchronous runs any more. */
export function runSystemCommandSync(argv: readonly string[], timeoutMs = COMMAND_TIMEOUT_MS): void {
  const [program, ...args] = argv;
  execFileSync(program!, args, { timeout: timeoutMs, stdio: "ignore" });
}
