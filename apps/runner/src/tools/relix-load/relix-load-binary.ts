import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { ToolSpec } from "@relix/io/backends";

const execFileP = promisify(execFile);

/** The command that builds the load client (the install script runs it). */
export const RELIX_LOAD_BUILD = "bash native/load-client/build.sh";

/**
 * How relix-load, the load client this repository builds (native/load-client), is found:
 * $RELIX_LOAD_BIN, then the repository's build, then PATH.
 */
export const RELIX_LOAD_EXECUTABLE: ToolSpec = {
  name: "relix-load",
  overrideVar: "RELIX_LOAD_BIN",
  built: {
    path: fileURLToPath(new URL("../../../../../native/load-client/build/relix-load", import.meta.url)),
    by: RELIX_LOAD_BUILD,
  },
};

/** "1.0.0" from `relix-load --version` ("relix-load 1.0.0"), or what it printed when that has no version. */
export async function relixLoadVersion(bin: string, env?: Readonly<Record<string, string | undefined>>) {
  const { stdout, stderr } = await execFileP(bin, ["--version"], {
    timeout: 10_000,
    ...(env ? { env: { ...env } } : {}),
  });
  const reported = (stdout || stderr).trim();
  return /relix-load (\d+\.\d+\.\d+[\w.+-]*)/.exec(reported)?.[1] ?? (reported || "unknown");
}
