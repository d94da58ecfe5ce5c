/**
 * Watching another process's record of what it owns, for tests that kill that process outright:
 * wait until the record names what the test expects, then wait until what it named has ended.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { OWNED_RECORD_PREFIX, ownedRecordSchema, type OwnedProcess, type OwnedRecord } from "../owned-record";
import { isStillRunning } from "../process-identity";

const POLL_MS = 100;

/**
 * What the record of `ownerPid` in `stateDir` says it owns, once it names a process matching each of
 * `expected`. Should it never do so, the error ends with `ownerLog()` (the owner's own output), so a
 * failure says whether the owner was slow, stuck or had given up.
 */
export async function recordNaming(
  stateDir: string,
  ownerPid: number,
  expected: readonly RegExp[],
  { waitMs = 90_000, ownerLog }: { waitMs?: number; ownerLog?: () => string } = {},
): Promise<OwnedRecord> {
  const deadline = Date.now() + waitMs;
  let last: OwnedRecord | undefined;
  while (Date.now() < deadline) {
    const names = await readdir(stateDir).catch(() => [] as string[]);
    const name = names.find((n) => n.startsWith(`${OWNED_RECORD_PREFIX}${ownerPid}-`) && n.endsWith(".json"));
    if (name) {
      const text = await readFile(path.join(stateDir, name), "utf8").catch(() => "");
      const parsed = ownedRecordSchema.safeParse(text ? JSON.parse(text) : null);
      if (parsed.success) {
        last = parsed.data;
        const whats = last.processes.map((p) => p.what);
        if (expected.every((what) => whats.some((w) => what.test(w)))) return last;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const log = ownerLog ? `\nits output, last 3,000 characters:\n${ownerLog().slice(-3_000)}` : "";
  throw new Error(
    `the record of pid ${ownerPid} never named ${expected.join(", ")}; last: ${JSON.stringify(last)}${log}`,
  );
}

/** Those of `processes` still running once `waitMs` has passed (sooner when none is), named for a message. */
export async function stillRunningAfter(processes: readonly OwnedProcess[], waitMs: number): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  let running = processes.filter(isStillRunning);
  while (running.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    running = running.filter(isStillRunning);
  }
  return running.map((p) => `${p.what} (pid ${p.pid})`);
}
