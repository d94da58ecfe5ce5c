import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { ToolSpec } from "@relix/io/backends";

const execFileP = promisify(execFile);

/** How the ghz binary is found (@relix/io locateTool): $GHZ_BIN, PATH, then where `go install` puts it. */
export const GHZ_EXECUTABLE: ToolSpec = { name: "ghz", overrideVar: "GHZ_BIN", goInstalled: true };

/**
 * "0.120.0", or "dev" when neither the binary nor its build info says more. `ghz --version`
 * prints "dev" for `go install` builds; the module version is then read from the binary's build
 * info (`go version -m`), with `go` looked up on the PATH of `env`.
 */
export async function ghzVersion(bin: string, env?: Readonly<Record<string, string | undefined>>): Promise<string> {
  const options = { timeout: 10_000, ...(env ? { env: { ...env } } : {}) };
  let reported = "";
  try {
    const { stdout, stderr } = await execFileP(bin, ["--version"], options);
    reported = (stdout || stderr).trim();
    const m = /v?(\d+\.\d+\.\d+[\w.+-]*)/.exec(reported);
    if (m) return m[1]!;
  } catch {
    // fall through
  }
  try {
    const { stdout } = await execFileP("go", ["version", "-m", bin], options);
    const m = /^\s*mod\s+github\.com\/bojand\/ghz\s+v?(\S+)/m.exec(stdout);
    if (m) return m[1]!;
  } catch {
    // fall through
  }
  return reported || "unknown";
}
