import {
  spawn,
  type ChildProcess,
  type ChildProcessByStdio,
  type ChildProcessWithoutNullStreams,
  type SpawnOptions,
  type SpawnOptionsWithStdioTuple,
  type StdioNull,
  type StdioPipe,
} from "node:child_process";
import type { Readable } from "node:stream";
import { accessSync, constants } from "node:fs";
import { ownChildProcess } from "./own";

/**
 * Starts a child that cannot outlive this process, however this process ends.
 *
 * A normal exit or a handled signal stops owned children (own.ts). SIGKILL and the out-of-memory
 * killer run nothing, and then a child would live on: a server holding its port (the next
 * `pnpm bench` refuses to start: "services already answer"), a temp folder growing. So on Linux the
 * child is started through util-linux's `setpriv --pdeathsig`, which asks the kernel to send it
 * SIGTERM the moment its parent dies and then execs the real program: same pid, same start time,
 * nothing left in between. SIGTERM, not SIGKILL: every server Relix starts stops cleanly on it.
 * The record for the next start's sweep (owned-record.ts) stays as the backstop for a program that
 * ignores SIGTERM and for systems without setpriv.
 *
 * The kernel ties the signal to the thread that forked; Node spawns from its main thread, which
 * lives as long as the process.
 */
type Owned = { what: string; ports?: readonly number[] };
type Piped = SpawnOptionsWithStdioTuple<StdioPipe, StdioPipe, StdioPipe> & Owned;
type OutputPiped = SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe> & Owned;

export function spawnOwned(command: string, args: readonly string[], options: Piped): ChildProcessWithoutNullStreams;
export function spawnOwned(
  command: string,
  args: readonly string[],
  options: OutputPiped,
): ChildProcessByStdio<null, Readable, Readable>;
export function spawnOwned(command: string, args: readonly string[], options: SpawnOptions & Owned): ChildProcess;
export function spawnOwned(command: string, args: readonly string[], options: SpawnOptions & Owned): ChildProcess {
  const { what, ports = [], ...spawnOptions } = options;
  const [file, ...argv] = diesWithParent([command, ...args]);
  const child = spawn(file!, argv, spawnOptions);
  ownChildProcess(child, what, ports);
  return child;
}

/** `argv` prefixed so that the program receives SIGTERM when this process dies (argv unchanged where that is not possible). */
export function diesWithParent(argv: readonly string[]): string[] {
  const setpriv = setprivPath();
  return setpriv === null ? [...argv] : [setpriv, "--pdeathsig", "TERM", "--", ...argv];
}

let found: string | null | undefined;

/** Where util-linux puts setpriv (Debian: /usr/bin), looked up once; null off Linux or where it is missing. */
function setprivPath(): string | null {
  if (found === undefined) {
    const candidates = process.platform === "linux" ? ["/usr/bin/setpriv", "/bin/setpriv"] : [];
    found = candidates.find(isExecutable) ?? null;
  }
  return found;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
