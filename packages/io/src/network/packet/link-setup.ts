import { statSync } from "node:fs";
import { tbfArguments, tbfSettings } from "./bandwidth-cap";
import { LINK_ADDRESSES, LINK_PREFIX_LENGTH, LINK_SIDES, QUEUE_NUMBER, VETH_NAMES, type LinkSide } from "./link-names";

/**
 * The commands that build a link once its two namespaces exist, in order. Nothing here touches
 * the host's own namespace: the veth's two ends are created directly inside the link's namespaces
 * (never in the host's, not even for a moment), and addresses, rules and qdiscs live in those
 * namespaces and go with them. No route leads out of either namespace, nothing is forwarded, and
 * no NAT is set up: a packet can only reach the other side.
 */
export interface LinkTools {
  ip: string;
  iptables: string;
  tc: string;
}

/** `ip netns exec <namespace>`: how to run a program on one side. */
export const execPrefix = (tools: LinkTools, namespace: string): string[] => [tools.ip, "netns", "exec", namespace];

export function vethCommands(tools: LinkTools, namespaces: Readonly<Record<LinkSide, string>>): string[][] {
  const commands: string[][] = [
    [
      tools.ip,
      "link",
      "add",
      "name",
      VETH_NAMES.client,
      "netns",
      namespaces.client,
      "type",
      "veth",
      "peer",
      "name",
      VETH_NAMES.server,
      "netns",
      namespaces.server,
    ],
  ];
  for (const side of LINK_SIDES) {
    const ns = namespaces[side];
    const veth = VETH_NAMES[side];
    commands.push(
      [tools.ip, "-n", ns, "addr", "add", `${LINK_ADDRESSES[side]}/${LINK_PREFIX_LENGTH}`, "dev", veth],
      // No IPv6 address: only the link's own IPv4 traffic crosses it, all of it through the queue.
      [tools.ip, "-n", ns, "link", "set", "dev", veth, "addrgenmode", "none"],
      [tools.ip, "-n", ns, "link", "set", "dev", "lo", "up"],
      [tools.ip, "-n", ns, "link", "set", "dev", veth, "up"],
    );
  }
  return commands;
}

/** The cap on both directions: each veth's egress. */
export function bandwidthCommands(
  tools: LinkTools,
  namespaces: Readonly<Record<LinkSide, string>>,
  bandwidthMbps: number,
): string[][] {
  const settings = tbfSettings(bandwidthMbps);
  return LINK_SIDES.map((side) => [tools.tc, "-n", namespaces[side], ...tbfArguments(VETH_NAMES[side], settings)]);
}

/**
 * Every packet arriving on `side`'s veth goes to its queue, before anything else sees it (the raw
 * table's PREROUTING). At the receiving side, not the sender's OUTPUT: a packet held at OUTPUT still
 * counts against its sender's socket buffer, which then stalls (RTTs of seconds at 5,000 packets/s).
 * No --queue-bypass: with the emulator gone, packets are dropped rather than let through undelayed.
 */
export function queueRuleCommand(tools: LinkTools, namespace: string, side: LinkSide): string[] {
  return [
    ...execPrefix(tools, namespace),
    tools.iptables,
    "-w",
    "5",
    "-t",
    "raw",
    "-A",
    "PREROUTING",
    "-i",
    VETH_NAMES[side],
    "-j",
    "NFQUEUE",
    "--queue-num",
    String(QUEUE_NUMBER),
  ];
}

/** The inode of a named namespace (what proves later that a namespace of that name is the same one), or null. */
export function namespaceInode(name: string): number | null {
  try {
    return statSync(`/run/netns/${name}`).ino;
  } catch {
    return null;
  }
}
