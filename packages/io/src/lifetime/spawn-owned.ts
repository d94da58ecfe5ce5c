import {
  execFileSync,
  spawn,
  type ChildProcess,
  type ChildProcessByStdio,
  type ChildProcessWithoutNullStreams,
  type SpawnOptions,
  type SpawnOptionsWithStdioTuple,
  type StdioNull,
  type StdioPipe,
} from "node:child_process";
import path from "node:path";
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
  // A program that cannot be found is spawned as it is, so it fails with ENOENT as before
  // (through setpriv it would look like a program that started and exited 127).
  const tied = findProgram(command, pathOf(spawnOptions.env), String(spawnOptions.cwd ?? ".")) !== null;
  const [file, ...argv] = tied ? diesWithParent([command, ...args]) : [command, ...args];
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

/**
 * Where util-linux puts setpriv (Debian: /usr/bin), looked up once and tried once: null off Linux,
 * where it is missing, or where it does not know --pdeathsig (util-linux before 2.33, BusyBox).
 */
function setprivPath(): string | null {
  if (found === undefined) {
    const candidates = process.platform === "linux" ? ["/usr/bin/setpriv", "/bin/setpriv"] : [];
    const setpriv = candidates.find(isExecutable) ?? null;
    found = setpriv !== null && acceptsParentDeathSignal(setpriv) ? setpriv : null;
  }
  return found;
}

function acceptsParentDeathSignal(setpriv: string): boolean {
  try {
    execFileSync(setpriv, ["--pdeathsig", "TERM", "--", "true"], { stdio: "ignore", timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/** The PATH a child is spawned with: its own env's, else the one it inherits from this process. */
function pathOf(env: NodeJS.ProcessEnv | undefined): string {
  // eslint-disable-next-line no-restricted-properties -- what a child inherits when no env is given
  return (env ?? process.env).PATH ?? "";
}

/** `command` as spawn would find it: a path from `cwd`, a bare name on `searchPath`; null when there is none. */
function findProgram(command: string, searchPath: string, cwd: string): string | null {
  if (command.includes("/")) return isExecutable(path.resolve(cwd, command)) ? command : null;
  for (const dir of searchPath.split(":")) {
    if (dir && isExecutable(`${dir}/${command}`)) return `${dir}/${command}`;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
