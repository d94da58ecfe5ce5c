import { invalidArgument } from "../domain/errors";
import { DELAY_HEADER, type CacheMode } from "./cache-mode";

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

/**
 * The most server time one request may ask to be held for, summed over the whole request (a
 * stream's messages, an upload's MiB). Without it one stream of 10,000 messages at the largest
 * per-message delay keeps a connection busy for hours.
 */
export const MAX_TOTAL_DELAY_MS = 10_000;

/**
 * Refuses a request whose total delay (`delayMs` per unit times `units`) is above the bound,
 * naming the delay field and the field that multiplies it, before any work is done.
 */
export function assertDelayBudget(delayMs: number, units: number, unitsField: string, unit: string): void {
  const totalMs = Math.round(delayMs * units);
  if (totalMs <= MAX_TOTAL_DELAY_MS) return;
  throw invalidArgument(
    DELAY_HEADER,
    `${delayMs} ms per ${unit} x ${Number(units.toFixed(3))} (${unitsField}) is ${totalMs} ms of server delay, above the ${MAX_TOTAL_DELAY_MS} ms a request may ask for`,
  );
}
