import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { ProcessIdentity } from "../../lifetime/process-identity";

/**
 * What one packet link created, kept as a small file in the runner's state folder so that the next
 * start can remove what a killed runner left (link-sweep.ts), as lifetime/owned-record.ts does for
 * processes and folders. A namespace is written down before it is created and its inode added once
 * it exists, so no moment passes when a namespace exists that no record names. Rewritten whole and
 * atomically on every change; removed once the link is closed.
 */

/** Every link's record file is named `packet-link-<owner pid>-<owner start time>-<n>.json`. */
export const LINK_RECORD_PREFIX = "packet-link-";

const identitySchema = z.object({
  pid: z.number().int().positive(),
  startTime: z.string().min(1),
  bootId: z.string().min(1),
});

/** Read back by another process, so it crosses a boundary through this schema. */
export const linkRecordSchema = z.object({
  owner: identitySchema,
  namespaces: z.array(z.object({ name: z.string().min(1), inode: z.number().int().nullable() })),
  processes: z.array(identitySchema.extend({ what: z.string() })),
  /**
   * Rules a link put in the host's own namespace (a link whose server side is the host's, see
   * host-link.ts): iptables arguments after `-t <table> -A|-D`, each carrying the link's tag as its
   * comment. Absent in records written before such links existed.
   */
  hostRules: z.array(z.object({ table: z.string(), rule: z.array(z.string()) })).default([]),
});
export type LinkRecordContent = z.infer<typeof linkRecordSchema>;

export class LinkRecord {
  private readonly content: LinkRecordContent;

  /** `file` null: kept in memory only (no state folder), so only the exit hook can clean up. */
  private constructor(
    readonly file: string | null,
    owner: ProcessIdentity,
  ) {
    this.content = { owner, namespaces: [], processes: [], hostRules: [] };
  }

  /** Starts the record of link `base` in `stateDir` (created if missing); throws if it cannot be written. */
  static create(stateDir: string | null, owner: ProcessIdentity, base: string): LinkRecord {
    if (stateDir === null) return new LinkRecord(null, owner);
    mkdirSync(stateDir, { recursive: true });
    const suffix = base.slice(base.indexOf("-") + 1);
    const record = new LinkRecord(path.join(path.resolve(stateDir), `${LINK_RECORD_PREFIX}${suffix}.json`), owner);
    record.write();
    return record;
  }

  get namespaces(): readonly { name: string; inode: number | null }[] {
    return this.content.namespaces;
  }

  get processes(): readonly (ProcessIdentity & { what: string })[] {
    return this.content.processes;
  }

  /** Before the namespace is created. */
  addNamespace(name: string): void {
    this.content.namespaces.push({ name, inode: null });
    this.write();
  }

  /** Once it exists: its inode is what proves, later, that a namespace of this name is the very one. */
  setInode(name: string, inode: number): void {
    const entry = this.content.namespaces.find((n) => n.name === name);
    if (entry) entry.inode = inode;
    this.write();
  }

  get hostRules(): readonly { table: string; rule: string[] }[] {
    return this.content.hostRules;
  }

  /** Before the rule is added, so no moment passes when it exists and no record names it. */
  addHostRule(table: string, rule: readonly string[]): void {
    this.content.hostRules.push({ table, rule: [...rule] });
    this.write();
  }

  addProcess(identity: ProcessIdentity, what: string): void {
    this.content.processes.push({ ...identity, what });
    this.write();
  }

  /** The link is gone: nothing left to sweep. */
  remove(): void {
    if (this.file !== null) {
      rmSync(this.file, { force: true });
      rmSync(`${this.file}.tmp`, { force: true });
    }
  }

  private write(): void {
    if (this.file === null) return;
    // Synchronous and renamed over the old one, as owned-record.ts: on disk before the thing it
    // names exists, and a crash mid-write leaves the previous record, never half of one.
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, `${JSON.stringify(this.content, null, 2)}\n`);
    renameSync(temp, this.file);
  }
}
