import { identifyProcess } from "../../../lifetime/process-identity";
import type { EmulatorProcess } from "../emulator-process";
import type { EmulatorStats } from "../emulator-stats";
import { LINK_SIDES, type LinkSide } from "../link-names";
import type { LinkRecord } from "../link-record";

/** A link's two packet-delay helpers, one receiving each direction; both present once the link is open. */
export type LinkEmulators = Partial<Record<LinkSide, EmulatorProcess>>;

/** Written down once it runs, so the sweep and the exit hook can end it. */
export function recordEmulator(record: LinkRecord, side: LinkSide, emulator: EmulatorProcess): void {
  const identity = identifyProcess(emulator.pid);
  if (identity !== null) record.addProcess(identity, `the packet-delay emulator (${side} side)`);
}

/** Both directions alike, client side first. */
export async function setLinkDelay(emulators: LinkEmulators, delayUs: number, jitterUs: number): Promise<void> {
  for (const side of LINK_SIDES) await emulators[side]!.setDelay(delayUs, jitterUs);
}

/** Realtime only when both helpers got realtime scheduling. */
export function describeEmulators(emulators: LinkEmulators): {
  name: "packet-delay";
  version: string;
  realtime: boolean;
} {
  return {
    name: "packet-delay",
    version: emulators.client!.ready.version,
    realtime: LINK_SIDES.every((side) => emulators[side]!.ready.realtime),
  };
}

export async function emulatorsStats(emulators: LinkEmulators): Promise<Record<LinkSide, EmulatorStats>> {
  return {
    client: await emulators.client!.stats(),
    server: await emulators.server!.stats(),
  };
}
