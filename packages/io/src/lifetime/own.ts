import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { onProcessExit } from "../backends/exit-cleanup";
import { recordOwnedDir, recordOwnedProcess } from "./owned-record";

/**
 * Makes `child` die with this process: killed if this process exits first (a normal exit, a signal
 * it would die of, an uncaught error: exit-cleanup.ts), and recorded for the next start's sweep in
 * case this process is killed outright (SIGKILL, out of memory) and can run nothing. Both end by
 * themselves when the child exits; `ports` are only for the sweep's message.
 */
export function ownChildProcess(child: ChildProcess, what: string, ports: readonly number[] = []): void {
  if (child.pid === undefined) return;
  const forget = recordOwnedProcess(child.pid, what, ports);
  const unregister = onProcessExit(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    forget();
  });
  child.once("exit", () => {
    unregister();
    forget();
  });
}

/**
 * A folder this process made and removes itself when done: removed on exit if it is still there,
 * and recorded for the next start's sweep. Returns the release to call once it has been removed.
 */
export function ownDir(dir: string, what: string): () => void {
  const forget = recordOwnedDir(dir, what);
  const unregister = onProcessExit(() => {
    rmSync(dir, { recursive: true, force: true });
    forget();
  });
  return () => {
    unregister();
    forget();
  };
}
