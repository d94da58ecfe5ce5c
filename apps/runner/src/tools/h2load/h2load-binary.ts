import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { ToolSpec } from "@relix/io/backends";

const execFileP = promisify(execFile);

/** How h2load is found (@relix/io locateTool): $H2LOAD_BIN, then PATH (Debian's nghttp2-client puts it in /usr/bin). */
export const H2LOAD_EXECUTABLE: ToolSpec = { name: "h2load", overrideVar: "H2LOAD_BIN" };

/** "1.52.0" from `h2load --version` ("h2load nghttp2/1.52.0"), or what it printed when that has no version. */
export async function h2loadVersion(bin: string, env?: Readonly<Record<string, string | undefined>>): Promise<string> {
  const { stdout, stderr } = await execFileP(bin, ["--version"], {
    timeout: 10_000,
    ...(env ? { env: { ...env } } : {}),
  });
  const reported = (stdout || stderr).trim();
  return /nghttp2\/(\d+\.\d+\.\d+[\w.+-]*)/.exec(reported)?.[1] ?? (reported || "unknown");
}
