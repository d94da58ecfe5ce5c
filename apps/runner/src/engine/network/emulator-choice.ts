import { placementName, type RunSpec } from "@relix/core";
import { describeSweptLinks, detectPacketEmulation, sweepPacketLinks } from "@relix/io/network/packet/index";
import { stateDirFrom } from "../../config/runner-config";
import type { EngineContext } from "../engine-context";
import { startPacketEmulator, type PacketEmulator } from "./packet-emulator";

/**
 * Which network emulator a run's placements go through, chosen before the services start (a
 * packet link's server address is where they must listen). Packet level where the runner can
 * build links (root on Linux, iptables' NFQUEUE, the helper built, proven by a trial link) and
 * the services are its own to start; otherwise Toxiproxy, and `proxyReason` says why. A spec
 * that asks for packet where it cannot be had is refused rather than measured through a proxy.
 */
export interface EmulatorChoice {
  /** Started, with the run's context aimed at its server address; absent: Toxiproxy (if any placement needs one). */
  packet?: { emulator: PacketEmulator; context: EngineContext };
  /** Why Toxiproxy, when an emulated placement will use it; null when the spec asked for it. */
  proxyReason: string | null;
  /** Start-up sweep lines: links a killed runner left, removed now. */
  swept: string[];
}

export async function chooseEmulator(
  spec: RunSpec,
  context: EngineContext,
  { servicesHandedIn }: { servicesHandedIn: boolean },
): Promise<EmulatorChoice> {
  const emulated = (spec.network ?? ["loopback"]).some((p) => placementName(p) !== "loopback");
  if (!emulated || spec.emulator === "proxy") return { proxyReason: null, swept: [] };
  const refuse = (why: string): EmulatorChoice => {
    if (spec.emulator === "packet") throw new Error(`--emulator packet cannot be used here: ${why}`);
    return { proxyReason: why, swept: [] };
  };
  const { targets, env } = context;
  if (servicesHandedIn || targets.external || targets.useRunning) {
    return refuse(
      "the services are not started by this run (the operator's, or already running), so they cannot be bound to a packet link's address",
    );
  }
  // The runner service's state folder (the CLI's too): a link's record goes there, so the next run
  // that builds one sweeps what a killed runner or `pnpm bench` left.
  const stateDir = stateDirFrom(env);
  const swept = describeSweptLinks(await sweepPacketLinks(stateDir, { searchPath: env.PATH ?? "" }));
  const emulation = await detectPacketEmulation(env, { stateDir });
  if (!emulation.usable) return { ...refuse(emulation.reason), swept };
  const emulator = await startPacketEmulator({ helper: emulation.helper, tools: emulation.tools, stateDir });
  return {
    packet: { emulator, context: { ...context, targets: emulator.directTargets(targets) } },
    proxyReason: null,
    swept,
  };
}
