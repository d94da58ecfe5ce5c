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
  for (const line of describeSweep(await sweepLeftovers(stateDir))) stderr.write(`relix-bench: ${line}\n`);
  keepOwnedRecordIn(stateDir, {
    onError: (error) =>
      stderr.write(
        `relix-bench: could not update the record of what this run started in ${stateDir}: ${(error as Error).message}\n`,
      ),
  });
}
