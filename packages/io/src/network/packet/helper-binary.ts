import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { fileURLToPath } from "node:url";

type Env = Readonly<Record<string, string | undefined>>;

/** What builds the helper (the install script runs it). */
export const PACKET_DELAY_BUILD = "bash native/packet-delay/build.sh";

/** Where build.sh puts it, in this repository. */
export const BUILT_PACKET_DELAY = fileURLToPath(
  new URL("../../../../../native/packet-delay/build/packet-delay", import.meta.url),
);

export type LocatedHelper = { path: string } | { path: null; problem: string };

/** $RELIX_PACKET_DELAY_BIN when set (and then only it), else the repository's build. */
export function locatePacketDelay(env: Env): LocatedHelper {
  const explicit = env.RELIX_PACKET_DELAY_BIN;
  const candidate = explicit || BUILT_PACKET_DELAY;
  try {
    accessSync(candidate, constants.X_OK);
    return { path: candidate };
  } catch {
    return {
      path: null,
      problem: explicit
        ? `RELIX_PACKET_DELAY_BIN=${explicit} is not an executable file`
        : `the packet-delay helper is not built (${candidate}); build it with \`${PACKET_DELAY_BUILD}\``,
    };
  }
}

/** "1.0.0", from `packet-delay --version`. */
export function packetDelayVersion(helper: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(helper, ["--version"], { timeout: 5_000, encoding: "utf8" }, (error, stdout) => {
      const version = /packet-delay (\S+)/.exec(stdout)?.[1];
      if (error || version === undefined) {
        reject(new Error(`${helper} --version did not name a version: ${error?.message ?? stdout.trim()}`));
      } else {
        resolve(version);
      }
    });
  });
}
