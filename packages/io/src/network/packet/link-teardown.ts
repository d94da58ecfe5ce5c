import { execFileSync } from "node:child_process";
import { identifyProcess, isStillRunning } from "../../lifetime/process-identity";
import type { LinkRecordContent } from "./link-record";
import { isHostRuleOf, isNamespaceOf } from "./link-names";
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
  /** Rules removed from the host's own namespace (their comments). */
  hostRules: string[];
}

/** The iptables that removes host rules; without one, a record with host rules cannot be cleared. */
export type HostRuleTool = string | null;

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

export async function removeRecordedLink(
  record: LinkRecordContent,
  ip: string,
  iptables: HostRuleTool = null,
  waitMs = 5_000,
): Promise<RemovedLink> {
  const removed: RemovedLink = { killed: [], strays: [], namespaces: [], hostRules: [] };
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
  for (const { table, rule } of provenHostRules(record)) {
    if (iptables === null) throw new Error("iptables was not found to remove the link's rules in the host's namespace");
    // Bounded: a rule added twice (never by a link, but by hand) is removed as many times, up to a few.
    for (let attempt = 0; attempt < MAX_RULE_COPIES; attempt++) {
      const present = await runSystemCommand([iptables, "-w", "5", "-t", table, "-C", ...rule]).then(
        () => true,
        () => false,
      );
      if (!present) break;
      await runSystemCommand([iptables, "-w", "5", "-t", table, "-D", ...rule]);
      if (attempt === 0) removed.hostRules.push(ruleComment(rule) ?? rule.join(" "));
    }
  }
  return removed;
}

const MAX_RULE_COPIES = 4;

/** The comment a host rule carries: the link's tag. */
function ruleComment(rule: readonly string[]): string | null {
  const at = rule.indexOf("--comment");
  return at >= 0 ? (rule[at + 1] ?? null) : null;
}

/** A host rule is touched only when its comment is a tag its record's owner gives. */
function provenHostRules(record: LinkRecordContent): LinkRecordContent["hostRules"] {
  return record.hostRules.filter(({ rule }) => {
    const comment = ruleComment(rule);
    return comment !== null && isHostRuleOf(comment, record.owner);
  });
}

/** The same, synchronously, for the exit hook: best effort, nothing is waited for. */
export function removeRecordedLinkSync(record: LinkRecordContent, ip: string, iptables: HostRuleTool = null): void {
  for (const owned of record.processes) if (isStillRunning(owned)) kill(owned.pid);
  for (const { table, rule } of iptables === null ? [] : provenHostRules(record)) {
    try {
      execFileSync(iptables!, ["-w", "5", "-t", table, "-D", ...rule], { stdio: "ignore", timeout: 5_000 });
    } catch {
      // Already gone, or the process is exiting: the next start's sweep removes what this could not.
    }
  }
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
