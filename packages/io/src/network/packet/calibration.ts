/**
 * What the emulators must add for the link to reach its target RTT as a program sees it. The
 * machine's own round trip across the veth (two Node event loops, the kernel, the emulators
 * holding nothing) is about 0.15-0.2 ms here: a third of a same-zone target. So the delay each
 * way is half of what is left of the target once that is measured, then corrected by what the
 * probe sees with the delay applied (the helper's wake-ups run some tens of µs late, and an event
 * loop idle for longer wakes more slowly: measured here, a 20 ms target first gave 20.3 ms).
 */
export interface LinkCalibration {
  targetRttMs: number;
  /** Across the veth with no emulator in the path. */
  bareRttMs: number;
  /** Through both emulators holding nothing: what they add by themselves is this minus the bare RTT. */
  zeroDelayRttMs: number;
  /** What the last calibration probe measured with the delay applied; null when none was needed. */
  calibratedRttMs: number | null;
  /** Each emulator's delay after calibration, µs: half the RTT it adds. */
  delayPerDirectionUs: number;
}

/** Correction rounds at most, each one probe. */
export const CORRECTION_ROUNDS = 2;

/** Round trips per calibration probe: fewer for long targets, where each costs its RTT (1.5 s for 10 at 147 ms). */
export const calibrationRoundTrips = (targetRttMs: number): number => (targetRttMs <= 50 ? 20 : 10);

/** Closer than this to the target, a correction is not worth a probe: 1% or 5 µs. */
export function closeEnough(targetRttMs: number, measuredRttMs: number): boolean {
  return Math.abs(measuredRttMs - targetRttMs) <= Math.max(0.01 * targetRttMs, 0.005);
}

/**
 * The delay each way that moves a measured RTT onto the target (the change is split between the
 * two). A correction moves the RTT by at most 0.1 ms or 1% of the target: what the machine adds is
 * about that, and a probe that landed in a busy moment must not drag the delay off by more.
 */
export function correctedDelayUs(targetRttMs: number, measuredRttMs: number, currentDelayUs: number): number {
  const limit = Math.max(0.1, 0.01 * targetRttMs);
  const errorMs = Math.min(limit, Math.max(-limit, targetRttMs - measuredRttMs));
  return Math.max(0, Math.round(currentDelayUs + (errorMs * 1000) / 2));
}

/** The first estimate: half of what the target leaves once the machine's own round trip is taken off. */
export function firstDelayUs(targetRttMs: number, zeroDelayRttMs: number): number {
  return Math.max(0, Math.round(((targetRttMs - zeroDelayRttMs) * 1000) / 2));
}
