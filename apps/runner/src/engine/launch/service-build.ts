/**
 * The APIs Relix measures are the APIs it ships: each app's bundle (apps/<app>/dist/main.js, built
 * by tsup from tsup.app.config.ts), which `pnpm start`, the app's own `start` script and the Docker
 * image run too. Running the sources through tsx instead was measured to cost ~40 MB more RSS per
 * API (reported in every result) and 2-3x the start-up time, for the same throughput.
 *
 * A bundle is built here when it is missing or older than any source it is made of, once: later
 * starts reuse it. Several processes may ask at once (test files in parallel, `pnpm bench` beside
 * `pnpm start`): one builds under a lock while the others wait, and a finished bundle replaces the
 * old one in a single rename, so a service starting meanwhile never reads half a file.
 */
import { spawn } from "node:child_process";
import { mkdir, readdir, rename, rm, stat, utimes } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

export type ServiceName = "rest" | "grpc";

export const REPO_ROOT = fileURLToPath(new URL("../../../../../", import.meta.url));
const APP_DIRS: Record<ServiceName, string> = {
  rest: path.join(REPO_ROOT, "apps", "rest-api"),
  grpc: path.join(REPO_ROOT, "apps", "grpc-api"),
};
const BUILD_TIMEOUT_MS = 120_000;
/** A lock older than this was left by a build that died. */
const STALE_LOCK_MS = BUILD_TIMEOUT_MS + 10_000;

export const serviceBundlePath = (name: ServiceName) => path.join(APP_DIRS[name], "dist", "main.js");

/**
 * What a bundle is made of: the app's sources (its entry point), the workspace packages it inlines
 * (the server itself lives in packages/servers), its build config.
 */
function sourcesOf(name: ServiceName): string[] {
  const app = APP_DIRS[name];
  return [
    path.join(app, "src"),
    path.join(app, "package.json"),
    path.join(app, "tsup.config.ts"),
    path.join(REPO_ROOT, "tsup.app.config.ts"),
    path.join(REPO_ROOT, "packages", "core", "src"),
    path.join(REPO_ROOT, "packages", "io", "src"),
    path.join(REPO_ROOT, "packages", "servers", "src"),
  ];
}

/** The newest modification time under `entry` (a file, or a directory walked without its tests). */
export async function newestMtimeMs(entry: string): Promise<number> {
  const info = await stat(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of await readdir(entry)) {
    // Tests are not part of a bundle: editing one need not rebuild it.
    if (child === "node_modules" || child.startsWith(".") || /\.test\.tsx?$/.test(child)) continue;
    newest = Math.max(newest, await newestMtimeMs(path.join(entry, child)));
  }
  return newest;
}

async function isFresh(name: ServiceName): Promise<boolean> {
  const built = await stat(serviceBundlePath(name)).catch(() => null);
  if (built === null) return false;
  const sources = await Promise.all(sourcesOf(name).map(newestMtimeMs));
  return built.mtimeMs >= Math.max(...sources);
}

async function acquireLock(lock: string, name: ServiceName): Promise<boolean> {
  const deadline = Date.now() + STALE_LOCK_MS;
  for (;;) {
    try {
      await mkdir(lock);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    // Someone else is building: their bundle will do.
    if (await isFresh(name)) return false;
    const held = await stat(lock).catch(() => null);
    if (held !== null && Date.now() - held.mtimeMs > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error(`timed out waiting for another build of ${serviceBundlePath(name)}`);
    await sleep(200);
  }
}

function runTsup(name: ServiceName, outDir: string, env: Readonly<Record<string, string | undefined>>) {
  const tsupCli = createRequire(path.join(APP_DIRS[name], "package.json")).resolve("tsup/dist/cli-default.js");
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [tsupCli, "--out-dir", outDir], {
      cwd: APP_DIRS[name],
      env: { ...env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: BUILD_TIMEOUT_MS,
    });
    let output = "";
    const keep = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-4000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`building ${serviceBundlePath(name)} failed (${signal ?? `exit ${code}`}):\n${output}`)),
    );
  });
}

/**
 * The path of the service's bundle, built first when missing or stale. `onBuild` is told when a
 * build happens (it takes a second or two), so a caller can say why it waits.
 */
export async function ensureServiceBuilt(
  name: ServiceName,
  {
    env,
    onBuild = () => {},
  }: { env: Readonly<Record<string, string | undefined>>; onBuild?: (bundle: string) => void },
): Promise<string> {
  const bundle = serviceBundlePath(name);
  if (await isFresh(name)) return bundle;
  const distDir = path.dirname(bundle);
  await mkdir(distDir, { recursive: true });
  const lock = path.join(distDir, ".build-lock");
  if (!(await acquireLock(lock, name))) return bundle;
  const outDir = path.join(distDir, `.build-${process.pid}`);
  try {
    if (await isFresh(name)) return bundle;
    onBuild(bundle);
    // Sources edited while the build runs are newer than this stamp: the next start rebuilds.
    const startedAt = new Date();
    await runTsup(name, outDir, env);
    const output = path.join(outDir, "main.js");
    await utimes(output, startedAt, startedAt);
    await rename(output, bundle);
    return bundle;
  } finally {
    await rm(outDir, { recursive: true, force: true });
    await rm(lock, { recursive: true, force: true });
  }
}
