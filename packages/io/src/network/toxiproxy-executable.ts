import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { locateTool, type LocatedTool } from "../backends/find-tool";

const execFileP = promisify(execFile);

type Env = Readonly<Record<string, string | undefined>>;

/** The pinned release, and the two ways to get it, named in every "not found" error. */
export const TOXIPROXY_MODULE = "github.com/Shopify/toxiproxy/v2";
export const TOXIPROXY_INSTALL = `go install ${TOXIPROXY_MODULE}/cmd/server@v2.12.0`;

/**
 * Finds Toxiproxy's server: $TOXIPROXY_BIN, then `toxiproxy-server` (the release binaries' name) on
 * PATH or where `go install` puts binaries, then `server` (the name `go install` gives it) in the
 * Go binary directories only, since a `server` elsewhere on PATH is rarely Toxiproxy.
 */
export async function locateToxiproxy(env: Env): Promise<LocatedTool> {
  const named = await locateTool({ name: "toxiproxy-server", overrideVar: "TOXIPROXY_BIN", goInstalled: true }, env);
  if (named.path !== null || env.TOXIPROXY_BIN) return { ...named, name: "toxiproxy" };
  // With an empty PATH only ~/go/bin is searched (`go` itself is not found to ask for GOPATH).
  const goBuilt = await locateTool({ name: "server", goInstalled: true }, { ...env, PATH: "" });
  if (goBuilt.path !== null) return { name: "toxiproxy", path: goBuilt.path };
  return {
    name: "toxiproxy",
    path: null,
    problem:
      "Toxiproxy (the network emulator behind every placement but loopback) was not found: looked for " +
      "toxiproxy-server on PATH and in Go's bin directories, and for server in ~/go/bin. " +
      `Install it with \`${TOXIPROXY_INSTALL}\` (or \`bash scripts/install-system-deps.sh\`), or set TOXIPROXY_BIN.`,
  };
}

/**
 * Toxiproxy's version: its /version answers "git" for `go install` builds, so the module version is
 * read from the binary's build info (`go version -m`), with `go` looked up on the PATH of `env`.
 */
export async function toxiproxyVersion(bin: string, reported: string, env: Env): Promise<string> {
  if (/^v?\d+\.\d+/.test(reported)) return reported.replace(/^v/, "");
  try {
    const { stdout } = await execFileP("go", ["version", "-m", bin], { timeout: 10_000, env: { ...env } });
    const m = /^\s*mod\s+github\.com\/Shopify\/toxiproxy\/v2\s+v?(\S+)/m.exec(stdout);
    if (m) return m[1]!;
  } catch {
    // fall through: the version the server itself reported
  }
  return reported || "unknown";
}
