import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { identifyProcess, isStillRunning } from "../../lifetime/process-identity";
import { LINK_RECORD_PREFIX, linkRecordSchema } from "./link-record";
import { removeRecordedLink, type RemovedLink } from "./link-teardown";
import { findSystemTool } from "./system-tools";

/**
 * The start-up sweep of packet links a killed runner left (namespaces, the veth and rules inside
 * them, its emulators and whatever ran in them), from the records in the state folder
 * (link-record.ts), as lifetime/leftover-sweep.ts does for processes and folders. A record is
 * swept only once the process that wrote it has ended (pid, start time and boot no longer match);
 * what it names is removed only when proven to be the very thing recorded (link-teardown.ts).
 * Nothing is looked for by name alone: a `relix-` namespace no record names is left alone.
 */
export interface SweptLinks {
  /** The ended owners whose records were swept. */
  owners: number[];
  removed: RemovedLink[];
  records: string[];
  /** Records that could not be read, or whose links could not be removed: left alone, with why. */
  problems: Array<{ file: string; why: string }>;
}

const RECORD_FILE = new RegExp(`^${LINK_RECORD_PREFIX}\\d+-\\d+-\\d+\\.json$`);

export async function sweepPacketLinks(stateDir: string, { searchPath = "" } = {}): Promise<SweptLinks> {
  const swept: SweptLinks = { owners: [], removed: [], records: [], problems: [] };
  const names = await readdir(stateDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const files = names.filter((name) => RECORD_FILE.test(name)).map((name) => path.join(stateDir, name));
  if (files.length === 0) return swept;
  const ip = findSystemTool("ip", searchPath);
  const thisBoot = identifyProcess(process.pid)?.bootId;
  for (const file of files) {
    let record;
    try {
      const parsed = linkRecordSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "not a link record");
      record = parsed.data;
    } catch (error) {
      swept.problems.push({ file, why: error instanceof Error ? error.message : String(error) });
      continue;
    }
    if (isStillRunning(record.owner)) continue;
    // Namespaces and processes do not outlive a boot: a record from an earlier one names nothing.
    if (record.owner.bootId === thisBoot) {
      if (ip === null) {
        swept.problems.push({ file, why: "`ip` (iproute2) was not found to remove its namespaces" });
        continue;
      }
      try {
        swept.removed.push(await removeRecordedLink(record, ip, findSystemTool("iptables", searchPath)));
      } catch (error) {
        swept.problems.push({ file, why: error instanceof Error ? error.message : String(error) });
        continue;
      }
    }
    await Promise.all([rm(file, { force: true }), rm(`${file}.tmp`, { force: true })]);
    swept.owners.push(record.owner.pid);
    swept.records.push(file);
  }
  return swept;
}

/** What the sweep did, one sentence each, for the start-up log; empty when there was nothing. */
export function describeSweptLinks(swept: SweptLinks): string[] {
  const lines: string[] = [];
  const left = `left by pid ${[...new Set(swept.owners)].join(", ")}, which ended without removing them`;
  const namespaces = swept.removed.flatMap((r) => r.namespaces);
  const killed = swept.removed.flatMap((r) => r.killed.map((p) => `${p.what} (pid ${p.pid})`));
  const strays = swept.removed.flatMap((r) => r.strays);
  if (killed.length > 0) lines.push(`killed ${killed.join("; ")}: ${left}`);
  if (strays.length > 0) lines.push(`killed pid ${strays.join(", ")}, still running inside those namespaces`);
  if (namespaces.length > 0) lines.push(`removed network namespaces ${namespaces.join(", ")}: ${left}`);
  const hostRules = swept.removed.flatMap((r) => r.hostRules ?? []);
  if (hostRules.length > 0) lines.push(`removed the host's packet-queue rules ${hostRules.join(", ")}: ${left}`);
  for (const { file, why } of swept.problems) lines.push(`could not sweep ${file} (${why}): left it alone`);
  return lines;
}
