import { onProcessExit } from "../../../backends/exit-cleanup";
import { identifyProcess, type ProcessIdentity } from "../../../lifetime/process-identity";
import type { EmulatorProcess } from "../emulator-process";
import type { EmulatorStats } from "../emulator-stats";
import { LINK_SIDES, type LinkSide } from "../link-names";
import type { LinkRecord, LinkRecordContent } from "../link-record";
import { removeRecordedLink, removeRecordedLinkSync, type HostRuleTool, type RemovedLink } from "../link-teardown";
import type { NamespacedServer } from "../node-in-namespace";

export interface ClosedLink {
  /** Each helper's last report (null when it could not give one). */
  stats: Record<LinkSide, EmulatorStats | null>;
  removed: RemovedLink;
}

/**
 * What one open link owns (its record, its emulators, its echo server) and how all of it goes:
 * close() stops the processes gracefully first; the exit hook, for a process that ends with the
 * link still open, removes what the record names synchronously.
 */
export interface LinkLifetime {
  readonly record: LinkRecord;
  readonly emulators: Partial<Record<LinkSide, EmulatorProcess>>;
  echo: NamespacedServer | null;
  /** Ends every process inside the link and removes it all; safe to call twice. */
  close(): Promise<ClosedLink>;
}

/** The process a link belongs to: its pid and start time go into the link's names. */
export function identifyLinkOwner(): ProcessIdentity {
  const owner = identifyProcess(process.pid);
  if (owner === null) throw new Error("a packet link needs Linux's /proc to identify its owner");
  return owner;
}

/** `iptables` removes the link's host rules; null for a link that adds none. */
export function beginLinkLifetime(
  owner: ProcessIdentity,
  record: LinkRecord,
  ip: string,
  iptables: HostRuleTool,
): LinkLifetime {
  const recordContent = (): LinkRecordContent => ({
    owner,
    namespaces: [...record.namespaces],
    processes: [...record.processes],
    hostRules: [...record.hostRules],
  });
  const unregisterExitHook = onProcessExit(() => {
    removeRecordedLinkSync(recordContent(), ip, iptables);
    record.remove();
  });
  let closing: Promise<ClosedLink> | null = null;
  const lifetime: LinkLifetime = {
    record,
    emulators: {},
    echo: null,
    close: () => {
      closing ??= (async () => {
        const stats: ClosedLink["stats"] = { client: null, server: null };
        await lifetime.echo?.stop();
        for (const side of LINK_SIDES) stats[side] = (await lifetime.emulators[side]?.stop()) ?? null;
        const removed = await removeRecordedLink(recordContent(), ip, iptables);
        record.remove();
        unregisterExitHook();
        return { stats, removed };
      })();
      return closing;
    },
  };
  return lifetime;
}
