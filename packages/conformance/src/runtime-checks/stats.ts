import { expect } from "vitest";
import { KEEP_INTERVAL_HEADER } from "@relix/io/telemetry/interval-keep";

/** A stack's /stats answer, as the runner reads it. */
export interface Stats {
  stack: string;
  pid: number;
  cpu: { userUs: number; systemUs: number };
  rss: { currentBytes: number; peakBytes: number; peakSinceMs: number };
  requests: { requests: number; errors: number; serverTimeUs: number };
  split: { serviceUs: number; codecUs: number; restUs: number };
  cache: { hit: number; miss: number; bypass: number; error: number };
}

/** Reads /stats as the runner reads it between slices (leaving the live interval to its poll). */
export async function readStats(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(url, {
    method: init.method ?? "GET",
    headers: { [KEEP_INTERVAL_HEADER]: "1", ...init.headers },
  });
  expect(response.status, url).toBe(200);
  return (await response.json()) as Stats;
}
