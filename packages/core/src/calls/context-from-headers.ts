import { invalidArgument } from "../domain";
import { CACHE_MODE_HEADER, DELAY_HEADER, cacheModeSchema } from "./cache-mode";
import { MAX_DELAY_MS, type CallContext } from "./call-context";

/**
 * Reads the per-request knobs from REST headers or gRPC metadata alike, so both transports
 * accept and reject exactly the same values.
 */
export function callContextFrom(read: (name: string) => string | undefined): CallContext {
  const rawMode = read(CACHE_MODE_HEADER);
  const mode = cacheModeSchema.safeParse(rawMode ?? "warm");
  if (!mode.success) throw invalidArgument(CACHE_MODE_HEADER, `must be one of warm, cold, miss (got "${rawMode}")`);

  const rawDelay = read(DELAY_HEADER);
  let delayMs = 0;
  if (rawDelay !== undefined) {
    delayMs = /^\d+$/.test(rawDelay) ? Number(rawDelay) : Number.NaN;
    if (!(delayMs >= 0 && delayMs <= MAX_DELAY_MS)) {
      throw invalidArgument(
        DELAY_HEADER,
        `must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS} (got "${rawDelay}")`,
      );
    }
  }
  return { cacheMode: mode.data, delayMs };
}
