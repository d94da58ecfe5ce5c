/**
 * How far apart the network emulator alone can put the two sides' latencies, per call. Toxiproxy
 * delays each direction by whole milliseconds on a timer that fires up to about 0.5 ms late, and
 * REST and gRPC go through proxies of their own, so their added round trips can differ by up to
 * about 1 ms with no difference in the protocols (measured: a 20 ms target gave 21.1-21.5 ms).
 */
export const EMULATOR_PRECISION_MS = 1;

/**
 * The packet emulator's (native/packet-delay): both protocols cross the same link, each packet
 * released at its receive time plus half the RTT, waking at most once per 50 µs window; its
 * placements are refused beyond max(10%, 0.05 ms) of the target. 0.05 ms is what it can put
 * between two sides by itself.
 */
export const PACKET_EMULATOR_PRECISION_MS = 0.05;

/** The precision of the emulator a placement was measured through, by its name in the placement record. */
export const emulatorPrecisionMs = (emulator: string): number =>
  emulator === "packet-delay" ? PACKET_EMULATOR_PRECISION_MS : EMULATOR_PRECISION_MS;

/**
 * The relative difference the emulator's precision amounts to at a latency of `referenceMs`
 * (the faster side's figure): 1 ms is 0.7% of a 147 ms round trip but 100% of a 1 ms one.
 * A winner is named only beyond it (stats/verdict.ts).
 */
export function emulatorBand(referenceMs: number, precisionMs = EMULATOR_PRECISION_MS): number {
  return referenceMs > 0 ? precisionMs / referenceMs : 0;
}
