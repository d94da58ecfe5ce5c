import { identifyProcess } from "../../lifetime/process-identity";
import { tbfArguments, tbfSettings } from "./bandwidth-cap";
import type { LinkCalibration } from "./calibration";
import { startEmulator } from "./emulator-process";
import type { EmulatorStats } from "./emulator-stats";
import { chooseHostSubnet, type HostSubnet } from "./host-subnet";
import { describeEmulators, emulatorsStats, recordEmulator, setLinkDelay } from "./link/link-emulators";
import { beginLinkLifetime, identifyLinkOwner, type LinkLifetime } from "./link/link-lifetime";
import { createRecordedNamespace } from "./link/recorded-namespace";
import {
  LINK_PREFIX_LENGTH,
  LINK_SIDES,
  QUEUE_NUMBER,
  VETH_NAMES,
  linkBaseName,
  namespaceName,
  type LinkSide,
} from "./link-names";
import { LinkRecord } from "./link-record";
import { execPrefix, queueRuleCommand, type LinkTools } from "./link-setup";
import type { RemovedLink } from "./link-teardown";
import { probeLink, type LinkVerification, type ProbeTarget } from "./link-verification";
import { startNodeServer } from "./node-in-namespace";
import { calibrateDelay } from "./packet-link";
import { ECHO_SERVER_PROGRAM } from "./probe-programs";
import { runSystemCommand } from "./system-tools";

/**
 * A packet link whose server side is the host's own network namespace: one new namespace for the
 * load generators, joined to the host by a veth whose host end carries the server address. The
 * services, and the Redis and MariaDB behind them, stay where they are: the services listen on the
 * link's server address (the runner reaches them there locally, undelayed, over the host's
 * loopback device), the generators reach them across the veth, and back-end calls stay on
 * 127.0.0.1, never delayed. Each direction's packets are held at the receiving side's PREROUTING:
 * in the generators' namespace as in packet-link.ts, and in the host's by a rule that matches only
 * this link's veth and carries this link's tag as its comment, so that close, the exit hook and
 * the next start's sweep remove exactly it. No route leads anywhere else from the generators'
 * namespace, nothing is forwarded and nothing is translated.
 *
 * One link serves a whole run: each placement reshapes it (delay calibrated to the target,
 * jitter, bandwidth cap), since the services stay bound to its address from start to end.
 */
export interface HostLinkOptions {
  helper: string;
  tools: LinkTools;
  /** Where the link's record goes so a later start can sweep it (link-sweep.ts); null: memory only. */
  stateDir: string | null;
  /** The helper's batching window, µs (default 50). */
  windowUs?: number;
}

export interface LinkShape {
  rttMs: number;
  jitterMs: number;
  bandwidthMbps: number | null;
}

export interface HostLink {
  emulator: { name: "packet-delay"; version: string; realtime: boolean };
  /** Where the load generators run: `exec` goes before their argv. */
  client: { namespace: string; address: string; exec: readonly string[] };
  /** The host's end: the services listen on `address`. */
  server: { address: string };
  /** The bare veth's round trip measured at open, before any queue: the floor calibration works from. */
  bareRttMs: number;
  /** Calibrates the delay to `shape.rttMs` and applies its jitter and cap; zero RTT: nothing held, no cap. */
  reshape(shape: LinkShape): Promise<LinkCalibration | null>;
  /** Back to a shape reshape() already calibrated, without measuring again. */
  restore(delayPerDirectionUs: number, jitterPerDirectionUs: number, bandwidthMbps: number | null): Promise<void>;
  /** Median of 20 one-byte TCP round trips and of 5 TCP connects, from the generators' side. */
  verify(): Promise<LinkVerification>;
  emulatorStats(): Promise<Record<LinkSide, EmulatorStats>>;
  close(): Promise<{ stats: Record<LinkSide, EmulatorStats | null>; removed: RemovedLink }>;
}

const DEFAULT_WINDOW_US = 50;
let sequence = 0;

/** What the steps of opening, reshaping and probing a host link share. */
interface HostLinkParts {
  tools: LinkTools;
  base: string;
  namespace: string;
  subnet: HostSubnet;
  clientExec: readonly string[];
  link: LinkLifetime;
}

export async function openHostLink(options: HostLinkOptions): Promise<HostLink> {
  const owner = identifyLinkOwner();
  const { tools } = options;
  // Its own sequence far above packet-link.ts's, so the two kinds never share a name.
  const base = linkBaseName(owner, 10_000 + ++sequence);
  const record = LinkRecord.create(options.stateDir, owner, base);
  const namespace = namespaceName(base, "client");
  const subnet: HostSubnet = await chooseHostSubnet(tools.ip);
  const clientExec = execPrefix(tools, namespace);
  const link = beginLinkLifetime(owner, record, tools.ip, tools.iptables);
  const parts: HostLinkParts = { tools, base, namespace, subnet, clientExec, link };

  let bareRttMs: number;
  try {
    bareRttMs = await buildHostLink(parts, options);
  } catch (error) {
    await link.close().catch(() => {});
    throw error;
  }

  return {
    emulator: describeEmulators(link.emulators),
    client: { namespace, address: subnet.client, exec: clientExec },
    server: { address: subnet.server },
    bareRttMs,
    reshape: (shape) => reshapeHostLink(parts, bareRttMs, shape),
    async restore(delayUs, jitterUs, bandwidthMbps) {
      await setLinkDelay(link.emulators, delayUs, jitterUs);
      await setHostLinkCap(parts, bandwidthMbps);
    },
    verify: async () => probeLink(await hostProbeTarget(parts)),
    emulatorStats: () => emulatorsStats(link.emulators),
    close: () => link.close(),
  };
}

/** The namespace, the veth, both emulators and both queue rules, each recorded; returns the bare veth's RTT. */
async function buildHostLink(parts: HostLinkParts, options: HostLinkOptions): Promise<number> {
  const { tools, namespace, subnet, clientExec, link } = parts;
  await createRecordedNamespace(link.record, tools.ip, namespace);
  // The host's end is created in the host's namespace, the other directly inside the link's:
  // deleting the namespace deletes both.
  for (const command of hostVethCommands(tools, namespace, subnet)) await runSystemCommand(command);
  const helperArgs = (exec: readonly string[], queue: number) => ({
    execPrefix: exec,
    helper: options.helper,
    queue,
    delayUs: 0,
    jitterUs: 0,
    windowUs: options.windowUs ?? DEFAULT_WINDOW_US,
  });
  link.emulators.client = await startEmulator(helperArgs(clientExec, QUEUE_NUMBER));
  link.emulators.server = await startEmulator(helperArgs([], subnet.queue));
  for (const side of LINK_SIDES) recordEmulator(link.record, side, link.emulators[side]!);
  const bareRttMs = (await probeLink(await hostProbeTarget(parts), { connects: 0 })).rttMs;
  await runSystemCommand(queueRuleCommand(tools, namespace, "client"));
  const hostRule = hostQueueRule(subnet, parts.base);
  link.record.addHostRule("raw", hostRule);
  await runSystemCommand([tools.iptables, "-w", "5", "-t", "raw", "-A", ...hostRule]);
  return bareRttMs;
}

async function reshapeHostLink(
  parts: HostLinkParts,
  bareRttMs: number,
  shape: LinkShape,
): Promise<LinkCalibration | null> {
  const { emulators } = parts.link;
  await setLinkDelay(emulators, 0, 0);
  await setHostLinkCap(parts, shape.bandwidthMbps);
  if (shape.rttMs === 0) return null;
  const calibration = await calibrateDelay(shape.rttMs, bareRttMs, await hostProbeTarget(parts), (delayUs) =>
    setLinkDelay(emulators, delayUs, 0),
  );
  const jitterUs = Math.round((shape.jitterMs * 1000) / 2);
  if (jitterUs > 0) await setLinkDelay(emulators, calibration.delayPerDirectionUs, jitterUs);
  return calibration;
}

/** The echo server on the host's end, started at the first probe and recorded once. */
async function hostProbeTarget({ link, subnet, clientExec }: HostLinkParts): Promise<ProbeTarget> {
  const echo = (link.echo ??= await startNodeServer(
    [],
    ECHO_SERVER_PROGRAM,
    [subnet.server],
    "the link's echo server",
  ));
  const identity = identifyProcess(echo.pid);
  if (identity !== null && !link.record.processes.some((p) => p.pid === echo.pid)) {
    link.record.addProcess(identity, "the link's echo server");
  }
  return { clientExec, host: subnet.server, port: echo.port };
}

async function setHostLinkCap(
  { tools, namespace, subnet }: HostLinkParts,
  bandwidthMbps: number | null,
): Promise<void> {
  for (const command of hostCapCommands(tools, namespace, subnet, bandwidthMbps)) await runSystemCommand(command);
}

/** Each direction's cap on its sending end: the generators' veth and the host's; null: the default qdisc back. */
function hostCapCommands(
  tools: LinkTools,
  namespace: string,
  subnet: HostSubnet,
  bandwidthMbps: number | null,
): string[][] {
  const devices: Array<[readonly string[], string]> = [
    [[tools.tc, "-n", namespace], VETH_NAMES.client],
    [[tools.tc], subnet.hostVeth],
  ];
  return devices.map(([tc, device]) =>
    bandwidthMbps === null
      ? [...tc, "qdisc", "replace", "dev", device, "root", "pfifo_fast"]
      : [...tc, ...tbfArguments(device, tbfSettings(bandwidthMbps))],
  );
}

/** The veth with its host end in the host's namespace, its other end in the link's, and their addresses. */
function hostVethCommands(tools: LinkTools, namespace: string, subnet: HostSubnet): string[][] {
  const client = VETH_NAMES.client;
  return [
    [tools.ip, "link", "add", "name", subnet.hostVeth, "type", "veth", "peer", "name", client, "netns", namespace],
    // No IPv6 address on either end: only the link's own IPv4 traffic crosses it, all of it queued.
    [tools.ip, "link", "set", "dev", subnet.hostVeth, "addrgenmode", "none"],
    [tools.ip, "addr", "add", `${subnet.server}/${LINK_PREFIX_LENGTH}`, "dev", subnet.hostVeth],
    [tools.ip, "-n", namespace, "link", "set", "dev", client, "addrgenmode", "none"],
    [tools.ip, "-n", namespace, "addr", "add", `${subnet.client}/${LINK_PREFIX_LENGTH}`, "dev", client],
    [tools.ip, "-n", namespace, "link", "set", "dev", "lo", "up"],
    [tools.ip, "-n", namespace, "link", "set", "dev", client, "up"],
    [tools.ip, "link", "set", "dev", subnet.hostVeth, "up"],
  ];
}

/**
 * The host's half of the delay: what arrives on this link's veth only, before conntrack, to this
 * link's own queue; tagged so it is removed by what the record proves. No --queue-bypass: with the
 * helper gone, the link's packets are dropped, never let through undelayed.
 */
function hostQueueRule(subnet: HostSubnet, tag: string): string[] {
  return [
    "PREROUTING",
    "-i",
    subnet.hostVeth,
    "-m",
    "comment",
    "--comment",
    tag,
    "-j",
    "NFQUEUE",
    "--queue-num",
    String(subnet.queue),
  ];
}
