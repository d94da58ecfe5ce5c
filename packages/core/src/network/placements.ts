import { z } from "zod";

/**
 * Network placements: where the services sit as seen from the load generators. `loopback` adds
 * nothing; every other placement is emulated between the generators and the services, for both
 * protocols alike, and verified before its cells are measured (the RTT actually obtained is
 * recorded beside the target; a placement that misses it is refused).
 */
export interface PlacementProfile {
  /** Round-trip time the placement adds, ms. */
  rttMs: number;
  /** How far one round trip may stray from rttMs, ms (split evenly between the two directions). */
  jitterMs: number;
  /** A bandwidth cap in each direction, Mbit/s; null = no cap. */
  bandwidthMbps: number | null;
  /** One line on what it stands for and where its figures come from. */
  description: string;
}

export const namedPlacements = {
  loopback: {
    rttMs: 0,
    jitterMs: 0,
    bandwidthMbps: null,
    description: "client and services on one machine, nothing added (a protocol's cost is CPU only)",
  },
  "same-zone": {
    rttMs: 0.5,
    jitterMs: 0,
    bandwidthMbps: null,
    description: "two hosts in one data-centre zone: 0.5 ms RTT (study 004's same-zone PING was 0.466 ms)",
  },
  "cross-region": {
    rttMs: 147,
    jitterMs: 0,
    bandwidthMbps: null,
    description: "client and services in different regions: 147 ms RTT (study 004's cross-region PING, 146.75 ms)",
  },
  mobile: {
    rttMs: 60,
    jitterMs: 10,
    bandwidthMbps: 10,
    description:
      "a 4G phone: 60 ms RTT varying by up to 10 ms, 10 Mbit/s each way (typical LTE round trips are 50-70 ms; " +
      "10 Mbit/s is a modest LTE link)",
  },
} as const satisfies Record<string, PlacementProfile>;

export type NamedPlacement = keyof typeof namedPlacements;
export const namedPlacementIds = Object.keys(namedPlacements) as [NamedPlacement, ...NamedPlacement[]];

/** Every placement name a run may list; `custom` takes its figures from the spec. */
export const placementNames = [...namedPlacementIds, "custom"] as const;
export type PlacementName = (typeof placementNames)[number];

/** Bounds of a custom placement (and of the CLI's --rtt, --jitter, --bandwidth). */
export const customPlacementBounds = {
  rttMs: { min: 0, max: 1_000 },
  jitterMs: { min: 0, max: 500 },
  bandwidthMbps: { min: 0.1, max: 10_000 },
} as const;

const bounded = (bound: { min: number; max: number }) => z.number().min(bound.min).max(bound.max);

export const customPlacementSchema = z
  .object({
    name: z.literal("custom"),
    rttMs: bounded(customPlacementBounds.rttMs),
    jitterMs: bounded(customPlacementBounds.jitterMs).default(0),
    bandwidthMbps: bounded(customPlacementBounds.bandwidthMbps).nullable().default(null),
  })
  .strict()
  .refine((p) => p.jitterMs <= p.rttMs, {
    message: "jitter may not exceed the RTT (a round trip cannot take less than no time)",
    path: ["jitterMs"],
  });
export type CustomPlacement = z.infer<typeof customPlacementSchema>;

/** One entry of a spec's `network`: a named placement, or the one custom placement with its figures. */
export const placementSchema = z.union([z.enum(namedPlacementIds), customPlacementSchema]);
export type Placement = z.infer<typeof placementSchema>;

export const placementName = (placement: Placement): PlacementName =>
  typeof placement === "string" ? placement : placement.name;

/** The figures a placement stands for. */
export function placementProfile(placement: Placement): PlacementProfile {
  if (typeof placement === "string") return namedPlacements[placement];
  const { rttMs, jitterMs, bandwidthMbps } = placement;
  return { rttMs, jitterMs, bandwidthMbps, description: "custom: the RTT, jitter and bandwidth given" };
}

/** A spec's `network` list: each placement at most once, `loopback` when not said. */
export const networkSchema = z
  .array(placementSchema)
  .min(1)
  .max(placementNames.length)
  .refine((list) => new Set(list.map(placementName)).size === list.length, {
    message: "each placement may be listed once (one custom placement at most)",
  });

/**
 * How far a measured RTT may stray from its target before the placement is refused: 10% of the
 * target, or 0.2 ms, whichever is larger (a loopback round trip alone varies by tens of µs).
 */
export function rttTolerance(targetRttMs: number): number {
  return Math.max(0.1 * targetRttMs, 0.2);
}

/**
 * The same for the packet-level emulator: 10% of the target, or 0.05 ms. Its delay is calibrated
 * against the machine's own round trip, so it is held to a bound ten times as tight at the low end.
 */
export function packetRttTolerance(targetRttMs: number): number {
  return Math.max(0.1 * targetRttMs, 0.05);
}

/** What a packet-level placement does not reproduce, as every result with one says. */
export const PACKET_EMULATION_LIMITS =
  "no loss, no reordering and no queueing beyond the bandwidth cap (none unless asked); the same MTU and " +
  "kernel on both ends; and the emulator's own CPU is taken from the same shared machine as the generators' and the services'";

/** What a result records about each placement of its run. */
export const placementRecordSchema = z.object({
  name: z.enum(placementNames),
  targetRttMs: z.number().min(0),
  jitterMs: z.number().min(0),
  bandwidthMbps: z.number().positive().nullable(),
  /** Median of the tiny round trips through the emulator just before the cells; null when none were made. */
  measuredRttMs: z.number().min(0).nullable(),
  /** "none" for loopback (direct); otherwise the emulator's name, e.g. "toxiproxy". */
  emulator: z.string(),
  /** Measured: its cells are in the result. Refused: the RTT obtained missed its target; no cells. */
  status: z.enum(["measured", "refused"]),
  /** Why it was refused, in words. */
  reason: z.string().optional(),
  /** The emulator's version (packet-delay's, or Toxiproxy's); absent in results written before. */
  emulatorVersion: z.string().optional(),
  /** Median TCP connect time across the emulated path (one round trip at packet level); null when not timed. */
  measuredConnectMs: z.number().min(0).nullable().optional(),
  /** The bound the measured RTT was held to, ms (±). */
  toleranceMs: z.number().min(0).optional(),
  /** The emulator's own CPU while the placement's cells ran (packet level: both helpers together). */
  emulatorCost: z
    .object({ cpuUs: z.number().min(0), packets: z.number().min(0), cpuPerPacketUs: z.number().min(0).nullable() })
    .optional(),
  /** Why this emulator and not the packet-level one, when the runner fell back to Toxiproxy. */
  emulatorReason: z.string().optional(),
  /** What this placement's emulator does not reproduce, in words (packet level). */
  notReproduced: z.string().optional(),
});
export type PlacementRecord = z.infer<typeof placementRecordSchema>;

/**
 * The emulator's own cost: the same short noop window sent direct and through the emulator with
 * nothing applied, per protocol. What every emulated placement carries on top of its RTT.
 */
export const emulatorOverheadSchema = z.object({
  emulator: z.string(),
  /**
   * Packet level: the round trip across the link with nothing in the path, and through both
   * helpers holding nothing, ms (what the helpers add by themselves is the difference).
   */
  zeroDelay: z.object({ bareRttMs: z.number().min(0), throughEmulatorRttMs: z.number().min(0) }).optional(),
  protocols: z.record(
    z.string(),
    z.object({
      direct: z.object({ p50Ms: z.number().min(0), rps: z.number().min(0) }),
      proxied: z.object({ p50Ms: z.number().min(0), rps: z.number().min(0) }),
    }),
  ),
});
export type EmulatorOverhead = z.infer<typeof emulatorOverheadSchema>;

/** A cell's placement: absent means loopback (results written before placements existed). */
export const cellPlacement = (cell: { placement?: PlacementName | undefined }): PlacementName =>
  cell.placement ?? "loopback";
