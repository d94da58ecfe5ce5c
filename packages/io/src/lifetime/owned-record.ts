import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { identifyProcess, type ProcessIdentity } from "./process-identity";

/**
 * This process's record of what it started and must not outlive it (processes, temp folders),
 * kept as a small file in a state folder so that the next start can sweep what a killed or
 * crashed predecessor left (leftover-sweep.ts). Rewritten, whole and atomically, on every change;
 * removed once nothing is owned. Without a state folder the record is kept in memory only.
 */

/** Every record file's name starts so: `owned-by-<pid>-<start time>.json`. */
export const OWNED_RECORD_PREFIX = "owned-by-";

const identitySchema = z.object({
  pid: z.number().int().positive(),
  startTime: z.string().min(1),
  bootId: z.string().min(1),
});

/** The file's content: read back by another process, so it crosses a boundary through this schema. */
export const ownedRecordSchema = z.object({
  owner: identitySchema,
  processes: z.array(identitySchema.extend({ what: z.string(), ports: z.array(z.number().int()) })),
  dirs: z.array(z.object({ path: z.string(), what: z.string() })),
});
export type OwnedRecord = z.infer<typeof ownedRecordSchema>;
export type OwnedProcess = OwnedRecord["processes"][number];
export type OwnedDir = OwnedRecord["dirs"][number];

let file: string | null = null;
let owner: ProcessIdentity | null = null;
let reportWriteError: (error: unknown) => void = () => {};
// Said once per spell of failures (a full disk would otherwise be reported at every tool run).
let failing = false;
let nextId = 0;
const processes = new Map<number, OwnedProcess>();
const dirs = new Map<number, OwnedDir>();

/**
 * From now on, keeps this process's record in `stateDir` (created if missing) and returns its path;
 * null when this process cannot identify itself (no /proc: not Linux), so nothing can be proven.
 * Throws when the folder cannot be created: better said at start-up than found out after a crash.
 * A later write that fails (a full disk) goes to `onError`.
 */
export function keepOwnedRecordIn(
  stateDir: string,
  options: { onError?: (error: unknown) => void } = {},
): string | null {
  const self = identifyProcess(process.pid);
  if (self === null) return null;
  mkdirSync(stateDir, { recursive: true });
  owner = self;
  file = path.join(path.resolve(stateDir), `${OWNED_RECORD_PREFIX}${self.pid}-${self.startTime}.json`);
  reportWriteError = options.onError ?? (() => {});
  write();
  return file;
}

/** Records a process this one started (nothing when it has already ended); returns forget. */
export function recordOwnedProcess(pid: number, what: string, ports: readonly number[] = []): () => void {
  const identity = identifyProcess(pid);
  if (identity === null) return () => {};
  return remember(processes, { ...identity, what, ports: [...ports] });
}

/** Records a folder this process created and removes when done; returns forget. */
export function recordOwnedDir(dir: string, what: string): () => void {
  return remember(dirs, { path: path.resolve(dir), what });
}

/** What is recorded now (for tests and messages). */
export function ownedNow(): { processes: OwnedProcess[]; dirs: OwnedDir[] } {
  return { processes: [...processes.values()], dirs: [...dirs.values()] };
}

function remember<T>(entries: Map<number, T>, entry: T): () => void {
  const id = nextId++;
  entries.set(id, entry);
  write();
  return () => {
    if (entries.delete(id)) write();
  };
}

function write(): void {
  if (file === null || owner === null) return;
  try {
    if (processes.size === 0 && dirs.size === 0) {
      rmSync(file, { force: true });
      return;
    }
    const record: OwnedRecord = { owner, ...ownedNow() };
    // Synchronous on purpose: it also runs in 'exit' handlers, and the record must be on disk
    // before the process it names can outlive this one. Renamed over the old one: a crash mid-write
    // leaves the previous record, never half of one.
    const temp = `${file}.tmp`;
    writeFileSync(temp, `${JSON.stringify(record, null, 2)}\n`);
    renameSync(temp, file);
    failing = false;
  } catch (error) {
    if (!failing) reportWriteError(error);
    failing = true;
  }
}
