import { spawnSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { PROTO_ROOT } from "../codec-plugins";
import { CACHE_DIR, GO_MODULE_DIR, PACKAGE_BIN } from "./paths";

/** The Go module's path (go.mod) and the package its generated code goes to. */
const GO_MODULE = "relix/caller-codecs";
const GENERATED_PACKAGE = "relixv1";
/** go.mod's go directive: what Debian 12 ships. */
const MIN_GO_MINOR = 19;

export type Prepared = { command: string; args: string[]; env?: NodeJS.ProcessEnv } | { skipped: string };

// Never fetch a newer toolchain: the figures are for the Go that is installed.
const goEnv = { ...process.env, GOTOOLCHAIN: "local" };

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, env: goEnv, encoding: "utf8" });
  if (result.error) return result.error.message;
  if (result.status !== 0)
    return `${path.basename(command)} ${args[0]} failed: ${(result.stderr || result.stdout).trim().split("\n").slice(-4).join(" | ")}`;
  return undefined;
}

/**
 * The Go worker, built for this run: protoc-gen-go at the version go.mod pins (so generator and
 * runtime agree), the relix.v1 messages generated afresh into tools/caller-codecs/go/relixv1 with
 * buf (from npm, as the Node codecs are), then the binary. A machine without a usable Go gets the
 * reason instead, and the rest of the run goes on.
 */
export function prepareGo(payloadDir: string): Prepared {
  const version = spawnSync("go", ["env", "GOVERSION"], { env: goEnv, encoding: "utf8" });
  if (version.error || version.status !== 0) {
    return { skipped: "go not found on PATH (Debian 12: apt-get install golang-go)" };
  }
  const goVersion = version.stdout.trim();
  const minor = Number(/^go1\.(\d+)/.exec(goVersion)?.[1] ?? Number.NaN);
  if (!(minor >= MIN_GO_MINOR)) return { skipped: `needs Go 1.${MIN_GO_MINOR} or newer, found ${goVersion}` };

  const plugin = path.join(CACHE_DIR, "protoc-gen-go");
  const binary = path.join(CACHE_DIR, "caller-codecs-go");
  const failure =
    run("go", ["build", "-o", plugin, "google.golang.org/protobuf/cmd/protoc-gen-go"], GO_MODULE_DIR) ??
    generateGo(plugin) ??
    run("go", ["build", "-o", binary, "."], GO_MODULE_DIR);
  if (failure) return { skipped: `the Go worker could not be built with ${goVersion}: ${failure}` };
  return { command: binary, args: [payloadDir] };
}

/** Every relix.v1 file maps to one Go package; the folder is replaced whole, like the static codec's. */
function generateGo(plugin: string): string | undefined {
  const files = readdirSync(path.join(PROTO_ROOT, "relix/v1")).filter((name) => name.endsWith(".proto"));
  const template = {
    version: "v2",
    plugins: [
      {
        local: plugin,
        out: GO_MODULE_DIR,
        opt: [...files.map((f) => `Mrelix/v1/${f}=${GO_MODULE}/${GENERATED_PACKAGE}`), `module=${GO_MODULE}`],
      },
    ],
  };
  rmSync(path.join(GO_MODULE_DIR, GENERATED_PACKAGE), { recursive: true, force: true });
  return run(
    path.join(PACKAGE_BIN, "buf"),
    ["generate", PROTO_ROOT, "--template", JSON.stringify(template)],
    GO_MODULE_DIR,
  );
}
