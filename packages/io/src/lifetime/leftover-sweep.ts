import { lstat, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { OWNED_RECORD_PREFIX, ownedRecordSchema, type OwnedDir, type OwnedProcess } from "./owned-record";
import { isStillRunning } from "./process-identity";

/**
 * The start-up sweep: what earlier processes recorded in the state folder (owned-record.ts) and
 * could not clean up themselves because they were killed outright (SIGKILL, out of memory).
 *
 * Only what they provably left is touched. "Provably": a record is swept only when the process that
 * wrote it is no longer running (pid + start time + boot no longer match: process-identity.ts), so
 * a live runner sharing the folder keeps everything; a process is killed only when its pid, its
 * start time and the boot all match the record, i.e. it is the very process the dead owner started,
 * never another that was given the same pid since; a folder is removed only when it is the one
 * recorded, a real directory (not a link to elsewhere) owned by this user. Nothing is looked for
 * by name or by port.
 */

export interface SweptLeftovers {
  /** The pids of the ended owners whose records were swept. */
  owners: number[];
  /** Processes killed: still running, exactly as recorded. */
  killed: OwnedProcess[];
  /** Of those, any still running after the wait (should not happen: SIGKILL cannot be ignored). */
  survivors: OwnedProcess[];
  /** Folders removed. */
  removed: OwnedDir[];
  /** Records read and deleted (their owners had ended). */
  records: string[];
  /** Records that could not be read or understood: left alone, with why. */
  unreadable: Array<{ file: string; why: string }>;
}

const RECORD_FILE = new RegExp(`^${OWNED_RECORD_PREFIX}\\d+-\\d+\\.json$`);
const POLL_MS = 50;

/** Sweeps `stateDir` (nothing to do when it does not exist); waits at most `waitMs` for the killed to end. */
export async function sweepLeftovers(stateDir: string, { waitMs = 5_000 } = {}): Promise<SweptLeftovers> {
  const swept: SweptLeftovers = { owners: [], killed: [], survivors: [], removed: [], records: [], unreadable: [] };
  const names = await readdir(stateDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const dirs: OwnedDir[] = [];
  for (const name of names.filter((n) => RECORD_FILE.test(n))) {
    const file = path.join(stateDir, name);
    const record = await readRecord(file);
    if ("why" in record) {
      swept.unreadable.push({ file, why: record.why });
      continue;
    }
    if (isStillRunning(record.owner)) continue;
    for (const owned of record.processes) {
      if (!isStillRunning(owned)) continue;
      try {
        process.kill(owned.pid, "SIGKILL");
        swept.killed.push(owned);
      } catch {
        // It ended between the check and the kill (ESRCH), or is not ours to signal (EPERM).
      }
    }
    dirs.push(...record.dirs);
    swept.owners.push(record.owner.pid);
    swept.records.push(file);
  }
  swept.survivors = await waitUntilEnded(swept.killed, waitMs);
  // After the processes: a server still writing into its folder could otherwise recreate files in it.
  for (const dir of dirs) {
    if (await isOurDirectory(dir.path)) {
      await rm(dir.path, { recursive: true, force: true });
      swept.removed.push(dir);
    }
  }
  for (const file of swept.records) await Promise.all([rm(file, { force: true }), rm(`${file}.tmp`, { force: true })]);
  return swept;
}

/** What the sweep did, one sentence each, for the start-up log; empty when there was nothing. */
export function describeSweep(swept: SweptLeftovers): string[] {
  const lines: string[] = [];
  const processText = (p: OwnedProcess) =>
    `${p.what} (pid ${p.pid}${p.ports.length > 0 ? `, port${p.ports.length > 1 ? "s" : ""} ${p.ports.join(", ")}` : ""})`;
  const left = `left by pid ${swept.owners.join(", ")}, which ended without stopping them`;
  if (swept.killed.length > 0) lines.push(`killed ${swept.killed.map(processText).join("; ")}: ${left}`);
  if (swept.survivors.length > 0) {
    lines.push(`still running after SIGKILL: ${swept.survivors.map(processText).join("; ")}`);
  }
  if (swept.removed.length > 0) {
    lines.push(`removed ${swept.removed.map((d) => `${d.path} (${d.what})`).join("; ")}: ${left}`);
  }
  for (const { file, why } of swept.unreadable) lines.push(`could not read ${file} (${why}): left it alone`);
  return lines;
}

async function readRecord(file: string) {
  try {
    const parsed = ownedRecordSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
    return parsed.success ? parsed.data : { why: parsed.error.issues[0]?.message ?? "not a record" };
  } catch (error) {
    return { why: error instanceof Error ? error.message : String(error) };
  }
}

async function waitUntilEnded(killed: OwnedProcess[], waitMs: number): Promise<OwnedProcess[]> {
  const deadline = Date.now() + waitMs;
  let running = killed.filter(isStillRunning);
  while (running.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    running = running.filter(isStillRunning);
  }
  return running;
}

async function isOurDirectory(dir: string): Promise<boolean> {
  if (!path.isAbsolute(dir)) return false;
  const stat = await lstat(dir).catch(() => null);
  return stat !== null && stat.isDirectory() && (process.getuid === undefined || stat.uid === process.getuid());
}
