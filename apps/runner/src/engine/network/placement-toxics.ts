import type { PlacementProfile } from "@relix/core/network/placements";
import type { Toxic } from "@relix/io/network";

/** Mbit/s to Toxiproxy's bandwidth unit: its rate is bytes per millisecond, i.e. kB/s (1 kB = 1000 B). */
export const kilobytesPerSecond = (mbps: number): number => Math.max(1, Math.round((mbps * 1_000_000) / 8 / 1_000));

/**
 * The toxics that make a direct path look like `profile`, the same for REST and gRPC: half the RTT
 * each way, half the jitter each way, the bandwidth cap each way.
 *
 * Toxiproxy takes whole milliseconds per direction (int64), so each half is rounded to the nearest
 * millisecond: a target whose half is not whole (same-zone's 0.25 ms) is reached only approximately,
 * and the verification that follows refuses it when it misses the tolerance. Its jitter adds a
 * uniform integer in [-jitter, jitter - 1] ms, so the mean sits 0.5 ms below the latency per direction.
 */
export function toxicsFor(profile: PlacementProfile): Toxic[] {
  const latency = Math.round(profile.rttMs / 2);
  const jitter = Math.round(profile.jitterMs / 2);
  const toxics: Toxic[] = [];
  for (const stream of ["upstream", "downstream"] as const) {
    if (latency > 0 || jitter > 0) {
      toxics.push({ name: `latency-${stream}`, type: "latency", stream, attributes: { latency, jitter } });
    }
    if (profile.bandwidthMbps !== null) {
      toxics.push({
        name: `bandwidth-${stream}`,
        type: "bandwidth",
        stream,
        attributes: { rate: kilobytesPerSecond(profile.bandwidthMbps) },
      });
    }
  }
  return toxics;
}

/** What the toxics add to one round trip, before the proxy's own cost and its timers' lateness. */
export function appliedRttMs(profile: PlacementProfile): number {
  return 2 * Math.round(profile.rttMs / 2);
}
