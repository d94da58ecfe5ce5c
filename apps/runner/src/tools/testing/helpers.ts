import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ClientSample } from "../sample";

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");

/** Set RELIX_RECORD_FIXTURES=1 to re-record fixtures/ from real runs. */
export const RECORD_FIXTURES = process.env.RELIX_RECORD_FIXTURES === "1";

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

export function countBy(samples: ClientSample[], key: (s: ClientSample) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples) out[key(s)] = (out[key(s)] ?? 0) + 1;
  return out;
}

/**
 * The per-id counts a server must see when `issued` requests were taken from `keys` in ONE global
 * round-robin order: every key floor(issued / K) times, the first issued % K keys once more.
 */
export function expectedRoundRobin(keys: string[], issued: number): Record<string, number> {
  const out: Record<string, number> = {};
  const k = keys.length;
  keys.forEach((key, i) => {
    const n = Math.floor(issued / k) + (i < issued % k ? 1 : 0);
    if (n > 0) out[key] = n;
  });
  return out;
}

/** Share of latencies that are not whole milliseconds (integer-ms tools score ~0). */
export function fractionalMsShare(samples: ClientSample[]): number {
  if (samples.length === 0) return 0;
  return samples.filter((s) => s.latencyUs % 1000 !== 0).length / samples.length;
}
