/**
 * The bandwidth cap of a link: a token bucket filter (TBF) on each veth's egress, so each direction
 * is capped on its sender's side, before the receiver's delay, as a real bottleneck link would.
 */
export interface TbfSettings {
  rateBitsPerSecond: number;
  /** Bytes the bucket holds: a few ms at the rate, and never less than two full-size frames. */
  burstBytes: number;
  /** Bytes that may wait for tokens before packets are dropped: the burst plus 50 ms at the rate, like a modest router buffer. */
  limitBytes: number;
}

const MIN_BURST_BYTES = 2 * 1514;
// The kernel needs at least a tick's worth of tokens per tick; 4 ms covers HZ down to 250.
const BURST_SECONDS = 0.004;
const QUEUE_SECONDS = 0.05;

export function tbfSettings(bandwidthMbps: number): TbfSettings {
  const rateBitsPerSecond = Math.round(bandwidthMbps * 1_000_000);
  const bytesPerSecond = rateBitsPerSecond / 8;
  const burstBytes = Math.max(MIN_BURST_BYTES, Math.ceil(bytesPerSecond * BURST_SECONDS));
  return { rateBitsPerSecond, burstBytes, limitBytes: burstBytes + Math.ceil(bytesPerSecond * QUEUE_SECONDS) };
}

/** `tc` arguments (after `tc -n <namespace>`) that put the cap on `device`. */
export function tbfArguments(device: string, settings: TbfSettings): string[] {
  return [
    "qdisc",
    "replace",
    "dev",
    device,
    "root",
    "tbf",
    "rate",
    `${settings.rateBitsPerSecond}bit`,
    "burst",
    String(settings.burstBytes),
    "limit",
    String(settings.limitBytes),
  ];
}
