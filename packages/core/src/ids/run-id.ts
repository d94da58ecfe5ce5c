import { z } from "zod";

/**
 * Run ids are permalinks (`/runs/<id>`) that anyone with the link can open, so they must not be
 * guessable or enumerable: 12 random bytes (96 bits) from the platform's CSPRNG (Web Crypto, the
 * same in Node and in a browser), base64url -> 16 characters. Never a counter, never a timestamp.
 */
const ID_BYTES = 12;

export function newRunId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ID_BYTES));
  // 12 bytes are exactly 16 base64 characters: no padding to strip.
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}

/**
 * What a run id may look like when it arrives in a URL, a file name or an imported result. Wider
 * than newRunId's output on purpose: ids of results imported before this format stay readable.
 */
export const RUN_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const runIdSchema = z.string().regex(RUN_ID_PATTERN, "not a run id");

export function isRunId(value: string): boolean {
  return RUN_ID_PATTERN.test(value);
}
