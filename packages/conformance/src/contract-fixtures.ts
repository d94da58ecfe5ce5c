/**
 * The byte-level contract every runtime meets, as data (contract/fixtures/ at the repository's
 * root): the Node tests read it here, the Python tests (services/python/tests) and the Java check
 * (services/java/common/src/test) read the same files, so a change to the contract is one edit
 * that each runtime's tests see.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CONTRACT_FIXTURES_DIR = fileURLToPath(new URL("../../../contract/fixtures/", import.meta.url));

const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(CONTRACT_FIXTURES_DIR, file), "utf8")) as T;

/** A number (as a literal every runtime parses) and the text JSON.stringify writes for it. */
export const jsNumberCases = read<{ cases: Array<{ value: string; text: string }> }>("js-numbers.json").cases;

/** A request a workload refuses: its body (absent: none) or route parameters, the field and message. */
export const refusalCases = read<{
  cases: Array<{ workload: string; body?: unknown; params?: Record<string, string>; field: string; message: string }>;
}>("refusals.json").cases;

/** The request headers every stack reads, by what they ask for. */
export const headerNames =
  read<Record<"cacheMode" | "delayMs" | "peakRssReset" | "keepInterval", string>>("headers.json");
