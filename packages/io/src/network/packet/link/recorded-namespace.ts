import type { LinkRecord } from "../link-record";
import { namespaceInode } from "../link-setup";
import { runSystemCommand } from "../system-tools";

/** Named in the record before it exists, its inode added once it does (link-record.ts says why). */
export async function createRecordedNamespace(record: LinkRecord, ip: string, name: string): Promise<void> {
  record.addNamespace(name);
  await runSystemCommand([ip, "netns", "add", name]);
  const inode = namespaceInode(name);
  if (inode !== null) record.setInode(name, inode);
}
