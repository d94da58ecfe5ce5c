// The placement part of the result fixture (result-fixture.ts): each placement of a spec's
// `network` as a result records it, measured near its target unless a test says otherwise.
import {
  placementName,
  placementProfile,
  type EmulatorOverhead,
  type PlacementName,
  type PlacementRecord,
} from "../network/placements";
import type { RunSpec } from "../spec/run-spec";

const ms3 = (x: number) => Math.round(x * 1000) / 1000;

/** How one placement of the spec's `network` fared; every field but the name has a default. */
export interface PlacementInput {
  name: PlacementName;
  /** Default: 0.03 for loopback, else the target plus 3% and 0.1 ms (what an emulator reaches). */
  measuredRttMs?: number | null;
  /** Refused placements get no cells. */
  status?: PlacementRecord["status"];
  reason?: string;
}

export const DEFAULT_EMULATOR_OVERHEAD: EmulatorOverhead = {
  emulator: "toxiproxy",
  protocols: {
    rest: { direct: { p50Ms: 0.21, rps: 9800 }, proxied: { p50Ms: 0.31, rps: 7400 } },
    grpc: { direct: { p50Ms: 0.18, rps: 12500 }, proxied: { p50Ms: 0.27, rps: 9900 } },
  },
};

/** The spec's placements as a result records them: measured at about their target unless told otherwise. */
export function placementRecordsOf(spec: RunSpec, inputs: readonly PlacementInput[]): PlacementRecord[] {
  return spec.network.map((placement) => {
    const name = placementName(placement);
    const profile = placementProfile(placement);
    const given = inputs.find((p) => p.name === name);
    const status = given?.status ?? "measured";
    const measuredRttMs =
      given?.measuredRttMs !== undefined
        ? given.measuredRttMs
        : name === "loopback"
          ? 0.03
          : ms3(profile.rttMs * 1.03 + 0.1);
    return {
      name,
      targetRttMs: profile.rttMs,
      jitterMs: profile.jitterMs,
      bandwidthMbps: profile.bandwidthMbps,
      measuredRttMs,
      emulator: name === "loopback" ? "none" : "toxiproxy",
      status,
      ...(status === "refused"
        ? { reason: given?.reason ?? `reached ${measuredRttMs ?? "no"} ms RTT for a ${profile.rttMs} ms target` }
        : {}),
    };
  });
}
