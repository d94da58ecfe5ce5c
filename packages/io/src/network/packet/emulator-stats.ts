import { z } from "zod";

/**
 * The helper's own figures, as it prints them (one JSON line; see native/packet-delay/src/report.c):
 * what it cost (CPU time), what it carried, and how late packets left against their due time.
 */
export const emulatorStatsSchema = z.object({
  event: z.literal("stats"),
  reason: z.string(),
  version: z.string(),
  queue: z.number(),
  uptimeMs: z.number(),
  cpuUserUs: z.number(),
  cpuSystemUs: z.number(),
  packets: z.number(),
  released: z.number(),
  /** Dropped because the helper had no room left to hold them (should stay 0). */
  droppedNoRoom: z.number(),
  /** The kernel's counters for the queue: full, or not delivered to the helper. -1: unreadable. */
  kernelQueueDropped: z.number(),
  kernelUserDropped: z.number(),
  verdictBatches: z.number(),
  verdictErrors: z.number(),
  wakeups: z.number(),
  heldMax: z.number(),
  /** Packets held past their own due time so as not to overtake an earlier one (jitter only). */
  heldForOrder: z.number(),
  stamps: z.object({ kernelRealtime: z.number(), senderMonotonic: z.number(), none: z.number() }),
  latenessMeanUs: z.number(),
  latenessMaxUs: z.number(),
  /** Packets by how late they left: up to 10, 50, 100, 250, 1000, 4000 µs, and later. */
  latenessUs: z.record(z.string(), z.number()),
});
export type EmulatorStats = z.infer<typeof emulatorStatsSchema>;

export const emulatorReadySchema = z.object({
  event: z.literal("ready"),
  version: z.string(),
  queue: z.number(),
  delayUs: z.number(),
  jitterUs: z.number(),
  windowUs: z.number(),
  queueMaxlen: z.number(),
  /** Whether its release thread got SCHED_FIFO (without it, rare multi-ms spikes on a busy machine). */
  realtime: z.boolean(),
  gso: z.boolean(),
});
export type EmulatorReady = z.infer<typeof emulatorReadySchema>;

/** CPU time per packet carried, µs; null before any packet. */
export function cpuPerPacketUs(stats: EmulatorStats): number | null {
  return stats.packets > 0 ? (stats.cpuUserUs + stats.cpuSystemUs) / stats.packets : null;
}

/** What the helper spent between two of its stats lines: its start-up is left out this way. */
export function emulatorCostBetween(
  before: EmulatorStats,
  after: EmulatorStats,
): { cpuUs: number; packets: number; cpuPerPacketUs: number | null } {
  const cpuUs = after.cpuUserUs + after.cpuSystemUs - (before.cpuUserUs + before.cpuSystemUs);
  const packets = after.packets - before.packets;
  return { cpuUs, packets, cpuPerPacketUs: packets > 0 ? cpuUs / packets : null };
}
