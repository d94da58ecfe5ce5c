/**
 * Whether the servers of another runtime (Java, Python) are built, before the runner starts one.
 * Each runtime's folder builds itself (services/<runtime>/build.sh, which `pnpm build:runtimes`
 * runs). The runner runs that script only when what it builds is missing: then no server of that
 * runtime can be running from it, whereas rebuilding a Java jar under a running JVM breaks the JVM
 * (services/java/README.md). Built but older than its sources is left as it is: `pnpm build:runtimes`
 * rebuilds it, while nothing runs.
 */
import { spawn } from "node:child_process";
import { access } from "node:fs/promises";
import path from "node:path";
import { RUNTIME_BUILDS, type OtherRuntime } from "@relix/core/stacks/runtime-builds";
import { REPO_ROOT } from "./service-build";

/** A Maven build that downloads its dependencies takes minutes; a build that hangs is cut off. */
const BUILD_TIMEOUT_MS = 15 * 60_000;

/** The runtime's servers cannot be built here: its stacks are refused with the build's words. */
export class RuntimeNotBuiltError extends Error {
  constructor(
    readonly runtime: OtherRuntime,
    said: string,
  ) {
    super(
      `the ${runtime} stacks are not built: run pnpm build:runtimes (${RUNTIME_BUILDS[runtime].script} said: ${said})`,
    );
    this.name = "RuntimeNotBuiltError";
  }
}

async function missingArtifacts(runtime: OtherRuntime): Promise<string[]> {
  const present = await Promise.all(
    RUNTIME_BUILDS[runtime].artifacts.map((artifact) =>
      access(path.join(REPO_ROOT, artifact)).then(
        () => true,
        () => false,
      ),
    ),
  );
  return RUNTIME_BUILDS[runtime].artifacts.filter((_, i) => !present[i]);
}

/** Runs the build script; resolves with its last lines, rejects with them when it fails. */
function runBuild(runtime: OtherRuntime, env: Readonly<Record<string, string | undefined>>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", [path.join(REPO_ROOT, RUNTIME_BUILDS[runtime].script)], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: BUILD_TIMEOUT_MS,
    });
    let output = "";
    const keep = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-4000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.once("error", (error) => reject(new RuntimeNotBuiltError(runtime, error.message)));
    child.once("exit", (code, signal) => {
      if (code === 0) return resolve();
      // The script's last line says why (a missing program, a version too old, a failed build).
      const said = output.trim().split("\n").filter(Boolean).at(-1) ?? `${signal ?? `exit ${code}`}`;
      reject(new RuntimeNotBuiltError(runtime, said));
    });
  });
}

/** One build at a time per runtime in this process: runs that start together wait for the same one. */
const building = new Map<OtherRuntime, Promise<void>>();

/**
 * Resolves when the runtime's servers are built, building them first when they are missing;
 * rejects with RuntimeNotBuiltError when they cannot be built here.
 */
export async function ensureRuntimeBuilt(
  runtime: OtherRuntime,
  {
    env,
    onBuild = () => {},
  }: { env: Readonly<Record<string, string | undefined>>; onBuild?: (script: string) => void },
): Promise<void> {
  const missing = await missingArtifacts(runtime);
  if (missing.length === 0) return;
  let build = building.get(runtime);
  if (!build) {
    onBuild(RUNTIME_BUILDS[runtime].script);
    build = runBuild(runtime, env).finally(() => building.delete(runtime));
    building.set(runtime, build);
  }
  await build;
  const still = await missingArtifacts(runtime);
  if (still.length > 0) throw new RuntimeNotBuiltError(runtime, `it finished without ${still.join(", ")}`);
}
