import { packetDelayVersion, locatePacketDelay } from "./helper-binary";
import type { LinkTools } from "./link-setup";
import { openPacketLink } from "./packet-link";
import { findSystemTool } from "./system-tools";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Whether this machine can run packet links, proven by opening one: the checks that can be made
 * without (Linux, root, the tools, the helper built) come first so the reason is precise, then a
 * trial link carries a few round trips through both queues, which proves namespaces, veth,
 * iptables' NFQUEUE target, the kernel's nfnetlink_queue and the helper all work together.
 * When not, `reason` says why, for the result, and the caller falls back to Toxiproxy.
 */
export type PacketEmulation =
  { usable: true; helper: string; version: string; tools: LinkTools } | { usable: false; reason: string };

export async function detectPacketEmulation(
  env: Env,
  { stateDir = null as string | null, trial = true } = {},
): Promise<PacketEmulation> {
  if (process.platform !== "linux")
    return { usable: false, reason: `network namespaces need Linux, not ${process.platform}` };
  if (process.getuid?.() !== 0) {
    return { usable: false, reason: "creating network namespaces and NFQUEUE rules needs root (CAP_NET_ADMIN)" };
  }
  const searchPath = env.PATH ?? "";
  const ip = findSystemTool("ip", searchPath);
  const iptables = findSystemTool("iptables", searchPath);
  const tc = findSystemTool("tc", searchPath);
  const missing = [
    ip === null ? "ip and tc (iproute2)" : tc === null ? "tc (iproute2)" : null,
    iptables === null ? "iptables" : null,
  ].filter((m) => m !== null);
  if (ip === null || iptables === null || tc === null) {
    return { usable: false, reason: `missing ${missing.join(" and ")}: apt-get install iproute2 iptables` };
  }
  const helper = locatePacketDelay(env);
  if (helper.path === null) return { usable: false, reason: helper.problem };
  let version: string;
  try {
    version = await packetDelayVersion(helper.path);
  } catch (error) {
    return { usable: false, reason: (error as Error).message };
  }
  const tools: LinkTools = { ip, iptables, tc };
  if (trial) {
    try {
      const link = await openPacketLink({ rttMs: 0, helper: helper.path, tools, stateDir, calibrate: false });
      try {
        await link.verify();
      } finally {
        await link.close();
      }
    } catch (error) {
      return { usable: false, reason: `a trial packet link failed: ${(error as Error).message}` };
    }
  }
  return { usable: true, helper: helper.path, version, tools };
}
