import { identifyProcess } from "../../lifetime/process-identity";
import {
  calibrationRoundTrips,
  closeEnough,
  correctedDelayUs,
  CORRECTION_ROUNDS,
  firstDelayUs,
  type LinkCalibration,
} from "./calibration";
import { startEmulator } from "./emulator-process";
import type { EmulatorStats } from "./emulator-stats";
import { describeEmulators, emulatorsStats, recordEmulator, setLinkDelay } from "./link/link-emulators";
import { beginLinkLifetime, identifyLinkOwner, type ClosedLink, type LinkLifetime } from "./link/link-lifetime";
import { createRecordedNamespace } from "./link/recorded-namespace";
import { LINK_ADDRESSES, LINK_SIDES, QUEUE_NUMBER, linkBaseName, namespaceName, type LinkSide } from "./link-names";
import { LinkRecord } from "./link-record";
import { bandwidthCommands, execPrefix, queueRuleCommand, vethCommands, type LinkTools } from "./link-setup";
import { probeLink, type LinkVerification, type ProbeTarget } from "./link-verification";
import { startNodeServer, type NamespacedServer } from "./node-in-namespace";
import { ECHO_SERVER_PROGRAM } from "./probe-programs";
import { runSystemCommand } from "./system-tools";

export type { ClosedLink } from "./link/link-lifetime";

/**
 * One packet-level link: two network namespaces joined by a veth pair, each direction's packets
 * held at the receiving side's PREROUTING by a packet-delay helper for half the RTT. Load
 * generators run on the client side, services on the server side, both through `exec`.
 */
export interface PacketLinkOptions {
  /** The round trip the link adds, ms (as a program sees it, after calibration). */
  rttMs: number;
  /** How far one round trip may stray, ms: each direction gets half, uniform around its delay. */
  jitterMs?: number;
  /** A cap in each direction, Mbit/s (TBF on each veth); null or absent: none. */
  bandwidthMbps?: number | null;
  /** The packet-delay binary (detectPacketEmulation finds it). */
  helper: string;
  /** The tools, absolute (detectPacketEmulation finds them). */
  tools: LinkTools;
  /** Where the link's record goes so a later start can sweep it (link-sweep.ts); null: memory only. */
  stateDir: string | null;
  /**
   * Measure the machine's own round trip across the link and take it off the delay, so that a
   * program sees the target (calibration.ts). Default true; false: each direction gets exactly rttMs / 2.
   */
  calibrate?: boolean;
  /** The helper's batching window, µs: it wakes at most once per window (default 50). */
  windowUs?: number;
}

export interface PacketLinkSide {
  namespace: string;
  /** This side's address on the veth (198.18.0.0/15); a server here listens on it, or on 0.0.0.0. */
  address: string;
  /** `ip netns exec <namespace>` (absolute `ip`): put it before a program's argv to run it on this side. */
  exec: readonly string[];
}

export interface PacketLink {
  emulator: { name: "packet-delay"; version: string; realtime: boolean };
  client: PacketLinkSide;
  server: PacketLinkSide;
  /** What each helper holds each packet, µs, and its jitter (±, uniform). */
  delayPerDirectionUs: number;
  jitterPerDirectionUs: number;
  /** null when calibrate was false. */
  calibration: LinkCalibration | null;
  /** Median of 20 one-byte TCP round trips and of 5 TCP connects, client side to server side. */
  verify(): Promise<LinkVerification>;
  /** Each helper's counters now (CPU time, packets, lateness). */
  emulatorStats(): Promise<Record<LinkSide, EmulatorStats>>;
  /** Ends every process inside the link and removes it all; safe to call twice. */
  close(): Promise<ClosedLink>;
}

const DEFAULT_WINDOW_US = 50;
const ZERO_DELAY_RETRIES = 3;
const PLAUSIBLE_EMULATOR_COST_MS = 0.3;
let sequence = 0;

export async function openPacketLink(options: PacketLinkOptions): Promise<PacketLink> {
  const owner = identifyLinkOwner();
  const { tools } = options;
  const base = linkBaseName(owner, ++sequence);
  const record = LinkRecord.create(options.stateDir, owner, base);
  const namespaces = { client: namespaceName(base, "client"), server: namespaceName(base, "server") };
  const sides: Record<LinkSide, PacketLinkSide> = {
    client: {
      namespace: namespaces.client,
      address: LINK_ADDRESSES.client,
      exec: execPrefix(tools, namespaces.client),
    },
    server: {
      namespace: namespaces.server,
      address: LINK_ADDRESSES.server,
      exec: execPrefix(tools, namespaces.server),
    },
  };
  const link = beginLinkLifetime(owner, record, tools.ip, null);
  const probeTarget = async () => {
    link.echo ??= await startEchoServer(sides.server, record);
    return { clientExec: sides.client.exec, host: LINK_ADDRESSES.server, port: link.echo.port };
  };

  let delay: LinkDelay;
  try {
    await buildLink(options, namespaces, link);
    delay = await delayLink(options, sides, link, probeTarget);
  } catch (error) {
    await link.close().catch(() => {});
    throw error;
  }

  return {
    emulator: describeEmulators(link.emulators),
    client: sides.client,
    server: sides.server,
    ...delay,
    verify: async () => probeLink(await probeTarget()),
    emulatorStats: () => emulatorsStats(link.emulators),
    close: () => link.close(),
  };
}

type LinkDelay = Pick<PacketLink, "delayPerDirectionUs" | "jitterPerDirectionUs" | "calibration">;

/** The namespaces, the veth between them and its cap: everything but the emulators and their rules. */
async function buildLink(
  options: PacketLinkOptions,
  namespaces: Record<LinkSide, string>,
  link: LinkLifetime,
): Promise<void> {
  const { tools } = options;
  for (const side of LINK_SIDES) await createRecordedNamespace(link.record, tools.ip, namespaces[side]);
  for (const command of vethCommands(tools, namespaces)) await runSystemCommand(command);
  if (options.bandwidthMbps != null) {
    for (const command of bandwidthCommands(tools, namespaces, options.bandwidthMbps)) await runSystemCommand(command);
  }
}

/** Starts the emulators, puts their rules in place and, unless told not to, calibrates their delay. */
async function delayLink(
  options: PacketLinkOptions,
  sides: Record<LinkSide, PacketLinkSide>,
  link: LinkLifetime,
  probeTarget: () => Promise<ProbeTarget>,
): Promise<LinkDelay> {
  const { tools } = options;
  const jitterPerDirectionUs = Math.round(((options.jitterMs ?? 0) * 1000) / 2);
  const calibrate = options.calibrate ?? true;
  const delayPerDirectionUs = calibrate ? 0 : Math.round((options.rttMs * 1000) / 2);
  for (const side of LINK_SIDES) {
    const emulator = await startEmulator({
      execPrefix: sides[side].exec,
      helper: options.helper,
      queue: QUEUE_NUMBER,
      delayUs: delayPerDirectionUs,
      jitterUs: calibrate ? 0 : jitterPerDirectionUs,
      windowUs: options.windowUs ?? DEFAULT_WINDOW_US,
    });
    link.emulators[side] = emulator;
    recordEmulator(link.record, side, emulator);
  }
  // Measured before the rules: the veth alone, for the emulators' own cost beside it.
  const bareRttMs = calibrate ? (await probeLink(await probeTarget(), { connects: 0 })).rttMs : null;
  // Each helper has bound its queue (it said "ready"), so no packet meets a queue no one reads.
  for (const side of LINK_SIDES) await runSystemCommand(queueRuleCommand(tools, sides[side].namespace, side));
  if (!calibrate || bareRttMs === null) return { delayPerDirectionUs, jitterPerDirectionUs, calibration: null };
  const calibration = await calibrateDelay(options.rttMs, bareRttMs, await probeTarget(), (delayUs) =>
    setLinkDelay(link.emulators, delayUs, 0),
  );
  if (jitterPerDirectionUs > 0) {
    await setLinkDelay(link.emulators, calibration.delayPerDirectionUs, jitterPerDirectionUs);
  }
  return { delayPerDirectionUs: calibration.delayPerDirectionUs, jitterPerDirectionUs, calibration };
}

async function startEchoServer(server: PacketLinkSide, record: LinkRecord): Promise<NamespacedServer> {
  const echo = await startNodeServer(server.exec, ECHO_SERVER_PROGRAM, [server.address], "the link's echo server");
  const identity = identifyProcess(echo.pid);
  if (identity !== null) record.addProcess(identity, "the link's echo server");
  return echo;
}

/** Zero delay first (the machine's own round trip with the emulators in the path), then correct. */
export async function calibrateDelay(
  targetRttMs: number,
  bareRttMs: number,
  target: ProbeTarget,
  setDelay: (delayUs: number) => Promise<void>,
): Promise<LinkCalibration> {
  const probe = async (roundTrips: number) => (await probeLink(target, { roundTrips, connects: 0 })).rttMs;
  // The machine's own round trip is a floor that busy moments only add to: a probe far above the
  // bare veth's (the emulators add about 0.1 ms) is taken again, and the lowest is kept.
  let zeroDelayRttMs = await probe(calibrationRoundTrips(0));
  for (let retry = 0; retry < ZERO_DELAY_RETRIES && zeroDelayRttMs > bareRttMs + PLAUSIBLE_EMULATOR_COST_MS; retry++) {
    zeroDelayRttMs = Math.min(zeroDelayRttMs, await probe(calibrationRoundTrips(0)));
  }
  let delayUs = firstDelayUs(targetRttMs, zeroDelayRttMs);
  await setDelay(delayUs);
  let calibratedRttMs: number | null = null;
  for (let round = 0; round < CORRECTION_ROUNDS && targetRttMs > 0; round++) {
    calibratedRttMs = await probe(calibrationRoundTrips(targetRttMs));
    if (closeEnough(targetRttMs, calibratedRttMs)) break;
    delayUs = correctedDelayUs(targetRttMs, calibratedRttMs, delayUs);
    await setDelay(delayUs);
  }
  return { targetRttMs, bareRttMs, zeroDelayRttMs, calibratedRttMs, delayPerDirectionUs: delayUs };
}
