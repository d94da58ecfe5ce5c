import { randomBytes } from "node:crypto";

/**
 * Run ids are permalinks (`/runs/<id>`) that anyone with the link can open, so they must not be
 * guessable or enumerable: 12 random bytes (96 bits) from the CSPRNG, base64url -> 16 characters.
 * Never a counter, never a timestamp.
 */
const ID_BYTES = 12;

export function newRunId(): string {
  return randomBytes(ID_BYTES).toString("base64url");
}

/**
 * What a run id may look like when it arrives in a URL. Wider than newRunId's output on purpose:
 * ids of results imported before this format stay readable; the schema allows 8 to 64 characters.
 */
const RUN_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function isRunId(value: string): boolean {
  return RUN_ID_PATTERN.test(value);
}
