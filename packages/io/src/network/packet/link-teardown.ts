import { execFileSync } from "node:child_process";
import { identifyProcess, isStillRunning } from "../../lifetime/process-identity";
import type { LinkRecordContent } from "./link-record";
import { isNamespaceOf } from "./link-names";
import { namespaceInode } from "./link-setup";
import { runSystemCommand } from "./system-tools";

/**
 * Removing what a link record names: used by close() (after the emulators were stopped
 * gracefully), by the exit hook (synchronously) and by the start-up sweep (for a dead owner).
 * Only what is proven to be the link's is touched: a process only when its pid, start time and
 * boot all match the record (lifetime/process-identity.ts); a namespace only when its name is one
 * the record's owner gives (pid and start time in it) and, once known, its inode is the recorded
 * one. Whatever still runs inside a proven namespace was put there by its owner (nothing else
 * enters it) and is ended with it: a namespace lives on, veth and all, while a process is in it.
 */
export interface RemovedLink {
  /** Recorded processes that were still running and were killed. */
  killed: Array<{ pid: number; what: string }>;
  /** Other processes found inside the namespaces, killed. */
  strays: number[];
  /** Namespaces deleted. */
  namespaces: string[];
}

const POLL_MS = 25;

/** The namespaces of `record` that are provably its own and exist now. */
export function provenNamespaces(record: LinkRecordContent): string[] {
  return record.namespaces
    .filter(({ name, inode }) => {
      if (!isNamespaceOf(name, record.owner)) return false;
      const now = namespaceInode(name);
      return now !== null && (inode === null || now === inode);
    })
    .map(({ name }) => name);
}

export async function removeRecordedLink(record: LinkRecordContent, ip: string, waitMs = 5_000): Promise<RemovedLink> {
  const removed: RemovedLink = { killed: [], strays: [], namespaces: [] };
  const killed: number[] = [];
  for (const owned of record.processes) {
    if (isStillRunning(owned) && kill(owned.pid)) {
      removed.killed.push({ pid: owned.pid, what: owned.what });
      killed.push(owned.pid);
    }
  }
  const namespaces = provenNamespaces(record);
  for (const name of namespaces) {
    const pids = await runSystemCommand([ip, "netns", "pids", name]).catch(() => "");
    for (const pid of parsePids(pids)) {
      if (!killed.includes(pid) && kill(pid)) removed.strays.push(pid);
    }
  }
  await waitUntilEnded([...killed, ...removed.strays], waitMs);
  for (const name of namespaces) {
    await runSystemCommand([ip, "netns", "delete", name]);
    removed.namespaces.push(name);
  }
  return removed;
}

/** The same, synchronously, for the exit hook: best effort, nothing is waited for. */
export function removeRecordedLinkSync(record: LinkRecordContent, ip: string): void {
  for (const owned of record.processes) if (isStillRunning(owned)) kill(owned.pid);
  for (const name of provenNamespaces(record)) {
    try {
      const pids = execFileSync(ip, ["netns", "pids", name], { encoding: "utf8", timeout: 5_000 });
      for (const pid of parsePids(pids)) kill(pid);
      execFileSync(ip, ["netns", "delete", name], { stdio: "ignore", timeout: 5_000 });
    } catch {
      // The process is exiting: the next start's sweep removes what this could not.
    }
  }
}

function parsePids(text: string): number[] {
  return text
    .split("\n")
    .map((line) => Number(line.trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 0 && pid !== process.pid);
}

function kill(pid: number): boolean {
  try {
    process.kill(pid, "SIGKILL");
    return true;
  } catch {
    return false; // already gone
  }
}

/** Running, as opposed to ended (a zombie no one has reaped yet has ended). */
const isAlive = (pid: number) => identifyProcess(pid) !== null;

async function waitUntilEnded(pids: number[], waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  let running = pids.filter(isAlive);
  while (running.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    running = running.filter(isAlive);
  }
}
