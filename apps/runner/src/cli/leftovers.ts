import { describeSweep, keepOwnedRecordIn, sweepLeftovers } from "@relix/io/lifetime";
import { stateDirFrom } from "../config/runner-config";
import type { CliStream } from "./run-cli";

/**
 * Before a run starts anything: stops and removes what an earlier `pnpm bench` or runner killed
 * outright left in the state folder (only what its record proves it started: leftover-sweep.ts),
 * then keeps this run's own record there, so that the next start can do the same after it. The
 * children of a killed run end with it by themselves (spawn-owned.ts); what the sweep still finds
 * is their temp folders and any program that ignored its SIGTERM.
 */
export async function claimStateDir(env: Readonly<Record<string, string | undefined>>, stderr: CliStream) {
  const stateDir = stateDirFrom(env);
  // The record is a backstop (children already end with this process): a folder it cannot use
  // (read-only checkout, a file in its place) is said, and the run goes on.
  const cannot = (what: string, error: unknown) =>
    stderr.write(
      `relix-bench: warning: could not ${what} in ${stateDir} (${(error as Error).message}); set RUNNER_STATE_DIR to a writable folder\n`,
    );
  try {
    for (const line of describeSweep(await sweepLeftovers(stateDir))) stderr.write(`relix-bench: ${line}\n`);
  } catch (error) {
    cannot("sweep what earlier runs left", error);
  }
  try {
    keepOwnedRecordIn(stateDir, { onError: (error) => cannot("update the record of what this run started", error) });
  } catch (error) {
    cannot("keep a record of what this run starts", error);
  }
}
