import {
  placementName,
  placementProfile,
  rttTolerance,
  type Placement,
  type PlacementRecord,
} from "@relix/core/network/placements";
import { toolPath } from "@relix/io/backends";
import {
  locateToxiproxy,
  measureRtt,
  startEchoServer,
  startToxiproxy,
  type EchoServer,
  type ToxiproxyServer,
} from "@relix/io/network";
import { appliedRttMs, toxicsFor } from "./placement-toxics";
import { stackAddress } from "../plan/stack-table";
import { grpcTarget, restBaseUrl, type ExtraStackId, type ServiceTargets } from "../launch/targets";

type Env = Readonly<Record<string, string | undefined>>;

/** Load targets through the emulator, and how to take them down (listeners and connections). */
export interface ProxiedPath {
  loadTargets: ServiceTargets;
  close(): Promise<void>;
}

/** A placement set up and verified: its path, or none when it was refused (already taken down). */
export interface OpenedPlacement {
  record: PlacementRecord;
  path: ProxiedPath | null;
}

/**
 * The network emulator for one run: Toxiproxy on 127.0.0.1 and the runner's own echo server the
 * RTT probe bounces off. Stopping it removes every proxy and frees every port.
 */
export interface NetworkEmulator {
  name: string;
  version: string;
  /** Proxies to both services (every stack) with nothing applied: what the emulator costs by itself. */
  bare(targets: ServiceTargets): Promise<ProxiedPath>;
  /** Proxies carrying the placement's toxics, verified by the RTT probe through a third proxy like them. */
  open(placement: Placement, targets: ServiceTargets): Promise<OpenedPlacement>;
  stop(): Promise<void>;
  /** The Toxiproxy process, for the tests that check nothing is left. */
  pid?: number | undefined;
  apiUrl?: string;
  /** Packet level: the link's round trip with nothing in the path and through the helpers holding nothing. */
  zeroDelay?(): { bareRttMs: number; throughEmulatorRttMs: number } | undefined;
}

const ROUND_TRIPS = 20;
/** Probes of a placement's RTT before it is refused: the first that lands within the tolerance is kept. */
const RTT_PROBE_ATTEMPTS = 3;
const round = (ms: number) => Math.round(ms * 1000) / 1000;
const withoutScheme = (url: string) => url.replace(/^[a-z]+:\/\//, "");

/** Finds and starts Toxiproxy (the error names the install command when it is missing). */
export async function startNetworkEmulator(env: Env, fallbackReason: string | null = null): Promise<NetworkEmulator> {
  const bin = toolPath(await locateToxiproxy(env));
  const toxiproxy = await startToxiproxy(bin, env);
  let echo: EchoServer;
  try {
    echo = await startEchoServer();
  } catch (error) {
    await toxiproxy.stop();
    throw error;
  }
  let sequence = 0;
  const proxied = async (targets: ServiceTargets, label: string): Promise<ProxiedPath & { names: string[] }> => {
    const id = `${label}-${++sequence}`;
    const names: string[] = [];
    const close = async () => {
      await Promise.all(names.map((name) => toxiproxy.deleteProxy(name).catch(() => {})));
    };
    try {
      const rest = await toxiproxy.createProxy(`${id}-rest`, withoutScheme(restBaseUrl(targets)));
      names.push(rest.name);
      const grpc = await toxiproxy.createProxy(`${id}-grpc`, grpcTarget(targets));
      names.push(grpc.name);
      // Every other stack the targets serve gets a proxy like them, the same toxics on each.
      const stackPorts: NonNullable<ServiceTargets["stackPorts"]> = {};
      for (const stack of Object.keys(targets.stackPorts ?? {}) as ExtraStackId[]) {
        const proxy = await toxiproxy.createProxy(`${id}-${stack}`, stackAddress(targets, stack));
        names.push(proxy.name);
        stackPorts[stack] = proxy.port;
      }
      // Only the load goes through the proxy: /stats and preflight use the direct targets.
      const loadTargets: ServiceTargets = {
        host: "127.0.0.1",
        restPort: rest.port,
        grpcPort: grpc.port,
        grpcMetricsPort: targets.grpcMetricsPort,
        ...(targets.stackPorts ? { stackPorts } : {}),
      };
      return { loadTargets, close, names };
    } catch (error) {
      await close();
      throw error;
    }
  };
  return {
    name: "toxiproxy",
    version: toxiproxy.version,
    pid: toxiproxy.pid,
    apiUrl: toxiproxy.apiUrl,
    bare: (targets) => proxied(targets, "bare"),
    async open(placement, targets) {
      const path = await proxied(targets, placementName(placement));
      try {
        const verified = await applyAndVerify(toxiproxy, echo, placement, path.names, `${path.names[0]}-probe`);
        const record = {
          ...verified,
          emulatorVersion: toxiproxy.version,
          ...(fallbackReason ? { emulatorReason: fallbackReason } : {}),
        };
        if (record.status === "refused") {
          await path.close();
          return { record, path: null };
        }
        return { record, path: { loadTargets: path.loadTargets, close: () => path.close() } };
      } catch (error) {
        await path.close();
        throw error;
      }
    },
    async stop() {
      await echo.close();
      await toxiproxy.stop();
    },
  };
}

async function applyAndVerify(
  toxiproxy: ToxiproxyServer,
  echo: EchoServer,
  placement: Placement,
  proxies: string[],
  probeName: string,
): Promise<PlacementRecord> {
  const profile = placementProfile(placement);
  const toxics = toxicsFor(profile);
  const probe = await toxiproxy.createProxy(probeName, `127.0.0.1:${echo.port}`);
  const tolerance = rttTolerance(profile.rttMs);
  let measuredRttMs: number;
  try {
    for (const proxy of [...proxies, probe.name]) {
      for (const toxic of toxics) await toxiproxy.addToxic(proxy, toxic);
    }
    // A moment's load on a shared machine can push one probe's median past the tolerance; measured
    // again, a placement the proxy can hold is kept. One it cannot (a target its whole-ms latency
    // toxics cannot express) is refused whatever a probe says (refusalReason), so it is probed once.
    const expressible = Math.abs(appliedRttMs(profile) - profile.rttMs) <= tolerance;
    measuredRttMs = round(await measureRtt("127.0.0.1", probe.port, { roundTrips: ROUND_TRIPS }));
    for (
      let attempt = 1;
      expressible && attempt < RTT_PROBE_ATTEMPTS && Math.abs(measuredRttMs - profile.rttMs) > tolerance;
      attempt++
    )
      measuredRttMs = round(await measureRtt("127.0.0.1", probe.port, { roundTrips: ROUND_TRIPS }));
  } finally {
    await toxiproxy.deleteProxy(probe.name).catch(() => {});
  }
  const base = {
    name: placementName(placement),
    targetRttMs: profile.rttMs,
    jitterMs: profile.jitterMs,
    bandwidthMbps: profile.bandwidthMbps,
    measuredRttMs,
    emulator: "toxiproxy",
    toleranceMs: round(tolerance),
  };
  const reason = refusalReason(profile.rttMs, measuredRttMs, tolerance);
  return reason === null ? { ...base, status: "measured" } : { ...base, status: "refused", reason };
}

/**
 * Why a placement cannot be measured (what was reached, why, what would reach it), or null. A
 * target the toxics cannot express is refused even when the probe lands inside the tolerance: the
 * proxy's own cost on a busy machine would then be passed off as the placement's RTT.
 */
export function refusalReason(targetRttMs: number, measuredRttMs: number, tolerance: number): string | null {
  const applied = appliedRttMs({ rttMs: targetRttMs, jitterMs: 0, bandwidthMbps: null, description: "" });
  const reached = `a round trip through Toxiproxy took ${measuredRttMs} ms against a ${targetRttMs} ms target (±${round(tolerance)} ms allowed)`;
  if (Math.abs(applied - targetRttMs) > tolerance) {
    const below = 2 * Math.floor(targetRttMs / 2);
    return (
      `Toxiproxy delays each direction by whole milliseconds, so the nearest round trips it can add are ${below} and ${below + 2} ms, ` +
      `not ${targetRttMs} ms (${reached}, the rest being the proxy's own cost); a packet-level emulator reaches it (tc netem, or Relix's own: --emulator packet, as root on Linux, docs/packet-emulator.md)`
    );
  }
  if (Math.abs(measuredRttMs - targetRttMs) <= tolerance) return null;
  return `${reached}: the proxy and the machine's timers added more (or less) than the tolerance allows in the last of ${RTT_PROBE_ATTEMPTS} probes; a quieter machine may reach it`;
}

/** Loopback's record: the same probe against the echo server, direct (nothing emulated). */
export async function loopbackRecord(): Promise<PlacementRecord> {
  const echo = await startEchoServer();
  try {
    return {
      name: "loopback",
      targetRttMs: 0,
      jitterMs: 0,
      bandwidthMbps: null,
      measuredRttMs: round(await measureRtt("127.0.0.1", echo.port, { roundTrips: ROUND_TRIPS })),
      emulator: "none",
      status: "measured",
    };
  } finally {
    await echo.close();
  }
}
