import type { CacheMode } from "./cache-mode";

/** What a transport passes to a service besides the request itself. */
export interface CallContext {
  cacheMode: CacheMode;
  /** Study 001's server-side sleep (0 = none); its meaning is per workload. */
  delayMs: number;
}

export const defaultCallContext: CallContext = { cacheMode: "warm", delayMs: 0 };

export const MAX_DELAY_MS = 1_000;

export const sleep = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
