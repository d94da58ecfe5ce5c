import {
  PACKET_EMULATION_LIMITS,
  packetRttTolerance,
  placementName,
  placementProfile,
  type Placement,
  type PlacementRecord,
} from "@relix/core/network/placements";
import {
  emulatorCostBetween,
  openHostLink,
  type EmulatorStats,
  type HostLink,
  type LinkCalibration,
  type LinkShape,
  type LinkVerification,
} from "@relix/io/network/packet/index";
import type { LinkTools } from "@relix/io/network/packet/index";
import type { NetworkEmulator, OpenedPlacement } from "./placement-session";
import type { ServiceTargets } from "../launch/targets";

/**
 * The packet-level network emulator for one run: one host link (host-link.ts) whose server end
 * carries the address the services listen on, reshaped for each placement. The load generators run
 * on its client side; the runner itself, the services and their Redis and MariaDB stay in the
 * host's namespace, so only the generators' traffic is delayed, packet by packet, in both
 * directions: the TCP handshake, slow start and every flow-control round trip pay the RTT.
 */
export interface PacketEmulator extends NetworkEmulator {
  /** The address the services must listen on (the link's server end). */
  serverAddress: string;
  /** The run's direct targets: the same services, reached from the host's namespace (undelayed). */
  directTargets(targets: ServiceTargets): ServiceTargets;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
const VERIFY_ATTEMPTS = 3;

/** A shape the link was calibrated to, as restore() takes it back. */
interface AppliedShape {
  delayUs: number;
  jitterUs: number;
  bandwidthMbps: number | null;
}

/** What the emulator keeps from one placement to the next. */
interface LinkState {
  /** The placement now applied: bare() takes the link to zero delay for a moment and puts this back. */
  applied: AppliedShape;
  /** The round trip through the helpers holding nothing, from the first calibration. */
  zeroDelayRttMs: number | null;
}

export async function startPacketEmulator(options: {
  helper: string;
  tools: LinkTools;
  stateDir: string | null;
}): Promise<PacketEmulator> {
  const link = await openHostLink(options);
  const state: LinkState = { applied: { delayUs: 0, jitterUs: 0, bandwidthMbps: null }, zeroDelayRttMs: null };
  return {
    name: "packet-delay",
    version: link.emulator.version,
    serverAddress: link.server.address,
    directTargets: (targets) => throughLink(link, targets, false),
    zeroDelay: () =>
      state.zeroDelayRttMs === null
        ? undefined
        : { bareRttMs: link.bareRttMs, throughEmulatorRttMs: state.zeroDelayRttMs },
    async bare(targets) {
      await link.restore(0, 0, null);
      const restoreTo = { ...state.applied };
      return {
        loadTargets: throughLink(link, targets, true),
        close: () => link.restore(restoreTo.delayUs, restoreTo.jitterUs, restoreTo.bandwidthMbps),
      };
    },
    open: (placement, targets) => openPlacement(link, state, placement, targets),
    async stop() {
      await link.close();
    },
  };
}

/**
 * The targets across the link, from its client side (the generators run in its namespace) or
 * from the host's. Direct windows (loopback, the overhead's baseline) run their generators in the
 * host's namespace but as processes of their own, as across the link. With autocannon inside the
 * runner's process for the direct window, a study-004 run here measured REST noop at 2.18 ms
 * direct against 0.93 ms across the link from a child: a negative cost of the emulator, which was
 * the two clients' difference (the runner's own event loop is busy during a run), not the link's.
 */
function throughLink(link: HostLink, targets: ServiceTargets, clientSide: boolean): ServiceTargets {
  const { restHost: _rest, grpcHost: _grpc, ...rest } = targets;
  return {
    ...rest,
    host: link.server.address,
    packetLink: { serverAddress: link.server.address, clientExec: clientSide ? link.client.exec : [] },
  };
}

/**
 * The link reshaped for one placement and its round trip verified: refused (the link back at
 * zero delay) when it could not hold the target, else the path across it, whose close adds the
 * helpers' cost over the cells to the placement's record.
 */
async function openPlacement(
  link: HostLink,
  state: LinkState,
  placement: Placement,
  targets: ServiceTargets,
): Promise<OpenedPlacement> {
  const profile = placementProfile(placement);
  const toleranceMs = round(packetRttTolerance(profile.rttMs));
  const { calibration, verified } = await reshapeAndVerify(link, profile, toleranceMs);
  state.zeroDelayRttMs ??= calibration?.zeroDelayRttMs ?? null;
  const base = {
    name: placementName(placement),
    targetRttMs: profile.rttMs,
    jitterMs: profile.jitterMs,
    bandwidthMbps: profile.bandwidthMbps,
    measuredRttMs: verified.rttMs,
    measuredConnectMs: verified.connectMs,
    toleranceMs,
    emulator: "packet-delay",
    emulatorVersion: link.emulator.version,
    notReproduced: PACKET_EMULATION_LIMITS,
  };
  if (Math.abs(verified.rttMs - profile.rttMs) > toleranceMs) {
    await link.restore(0, 0, null);
    const reason =
      `a round trip across the packet link took ${verified.rttMs} ms against a ${profile.rttMs} ms target ` +
      `(±${toleranceMs} ms allowed${calibration ? `; calibrated at ${calibration.delayPerDirectionUs} µs each way` : ""}): ` +
      `the machine was too busy to hold the delay (${VERIFY_ATTEMPTS} attempts); a quieter moment may reach it`;
    return { record: { ...base, status: "refused", reason }, path: null };
  }
  state.applied = {
    delayUs: calibration?.delayPerDirectionUs ?? 0,
    jitterUs: Math.round((profile.jitterMs * 1000) / 2),
    bandwidthMbps: profile.bandwidthMbps,
  };
  const record: PlacementRecord = { ...base, status: "measured" };
  const before = await link.emulatorStats();
  return {
    record,
    path: {
      loadTargets: throughLink(link, targets, true),
      async close() {
        // The record is the run's own (already in its list): the cost is added once the cells ran.
        const after = await link.emulatorStats().catch(() => null);
        if (after) record.emulatorCost = costOf(before, after);
        state.applied = { delayUs: 0, jitterUs: 0, bandwidthMbps: null };
        await link.restore(0, 0, null);
      },
    },
  };
}

/** The link calibrated to the shape and its round trip measured, up to VERIFY_ATTEMPTS times. */
async function reshapeAndVerify(
  link: HostLink,
  shape: LinkShape,
  toleranceMs: number,
): Promise<{ calibration: LinkCalibration | null; verified: LinkVerification }> {
  // A probe that lands in a busy moment of this shared machine (another process's burst of CPU)
  // is taken again, calibration included, a bounded number of times; what was measured last stands.
  let calibration = await link.reshape(shape);
  let verified = await link.verify();
  for (let attempt = 1; attempt < VERIFY_ATTEMPTS && Math.abs(verified.rttMs - shape.rttMs) > toleranceMs; attempt++) {
    calibration = await link.reshape(shape);
    verified = await link.verify();
  }
  return { calibration, verified };
}

/** Both helpers' CPU over the cells, per packet carried (each packet crosses one helper). */
function costOf(
  before: Record<"client" | "server", EmulatorStats>,
  after: Record<"client" | "server", EmulatorStats>,
): NonNullable<PlacementRecord["emulatorCost"]> {
  const sides = (["client", "server"] as const).map((side) => emulatorCostBetween(before[side], after[side]));
  const cpuUs = sides.reduce((sum, s) => sum + s.cpuUs, 0);
  const packets = sides.reduce((sum, s) => sum + s.packets, 0);
  return { cpuUs, packets, cpuPerPacketUs: packets > 0 ? Math.round((cpuUs / packets) * 100) / 100 : null };
}

export type { HostLink };
