/**
 * What a runner killed outright (SIGKILL, out of memory) left behind, found from the record it kept
 * in the state folder, and the record this runner keeps there for the next start.
 */
import { describeSweep, keepOwnedRecordIn, sweepLeftovers } from "@relix/io/lifetime";
import type { Logger } from "../logger";

/**
 * Before anything is started: stop and remove what a runner killed outright left behind, only what
 * its record proves it started (leftover-sweep.ts says how); then keep this runner's own record, so
 * that the next start can do the same after it.
 */
export async function sweepLeftoversAndKeepRecord(stateDir: string, log: Logger): Promise<void> {
  for (const line of describeSweep(await sweepLeftovers(stateDir))) log.warn(line);
  const record = keepOwnedRecordIn(stateDir, {
    onError: (error) => log.error(`could not update the record of what this runner started in ${stateDir}`, error),
  });
  if (record === null) {
    log.warn(
      "no /proc here: this runner cannot record what it starts, so if it is killed outright the next start cannot stop what it left",
    );
  }
}
