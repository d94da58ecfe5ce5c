import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, statSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";

// Starts the real pieces for the end-to-end test: the web app's production build (`next start`)
// and the runner service (`pnpm --filter @relix/runner start`, which starts the REST and gRPC
// APIs itself), each on a free port, in its own process group so teardown stops all of it.

export const WEB_DIR = fileURLToPath(new URL("../..", import.meta.url));
export const REPO_DIR = fileURLToPath(new URL("../../../..", import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * RUNNER_TOKEN while the test build is made: a secret only server code may read, so it must never
 * turn up in a browser chunk (client-bundle.ts looks for it).
 */
export const BUILD_RUNNER_TOKEN = "relix-build-token-never-in-the-browser";

/** A lock older than this was left by a test process that died while building. */
const STALE_BUILD_LOCK_MS = 15 * 60_000;

/**
 * Runs `build` while holding a lock shared by every test file of this checkout: the e2e files run
 * in parallel workers, and two `next build`s into one .next break each other. The lock lives
 * outside .next, which a build empties.
 */
function withBuildLock(build: () => void): void {
  const lock = join(
    tmpdir(),
    `relix-web-build-${createHash("sha256").update(WEB_DIR).digest("hex").slice(0, 12)}.lock`,
  );
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > STALE_BUILD_LOCK_MS) {
        rmSync(lock, { recursive: true, force: true });
      }
      // Synchronous like the build itself: the other worker's build finishes meanwhile.
      Atomics.wait(pause, 0, 0, 500);
    }
  }
  try {
    build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds the web app unless a production build newer than every source it depends on is there. */
export function ensureWebBuild(): void {
  withBuildLock(buildUnlessFresh);
}

function buildUnlessFresh(): void {
  const buildId = join(WEB_DIR, ".next", "BUILD_ID");
  const sources = [join(WEB_DIR, "src"), join(REPO_DIR, "packages", "core", "src")];
  const newest = Math.max(
    ...sources.map(newestMtime),
    statSync(join(WEB_DIR, "next.config.ts")).mtimeMs,
    statSync(join(WEB_DIR, "package.json")).mtimeMs,
  );
  if (existsSync(buildId) && statSync(buildId).mtimeMs > newest) return;
  const result = spawnSync(process.execPath, [join(WEB_DIR, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: WEB_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", RUNNER_TOKEN: BUILD_RUNNER_TOKEN },
    encoding: "utf8",
    timeout: 600_000,
  });
  if (result.status !== 0) throw new Error(`next build failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

export interface Started {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

function startGroup(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output(): string } {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(
      ...chunk
        .toString("utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => `[${name}] ${l}`),
    );
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return { child, output: () => lines.join("\n") };
}

async function stopGroup(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}

export async function waitForHttp(url: string, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.status < 500) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${last})\n${describe()}`);
}

/** The real runner service, on free ports for itself and the APIs it starts. */
export async function startRunner(resultsDir: string): Promise<Started> {
  const [port, restPort, grpcPort, metricsPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const env = {
    ...process.env,
    RUNNER_PORT: String(port),
    RUNNER_HOST: "127.0.0.1",
    RUNNER_RESULTS_DIR: resultsDir,
    REST_PORT: String(restPort),
    GRPC_PORT: String(grpcPort),
    GRPC_METRICS_PORT: String(metricsPort),
  };
  const { child, output } = startGroup("runner", "pnpm", ["--filter", "@relix/runner", "start"], REPO_DIR, env);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, 60_000, output);
  return { url, output, stop: () => stopGroup(child) };
}

/** `next start` of the production build, talking to the runner at runnerUrl. */
export async function startWeb(runnerUrl: string): Promise<Started> {
  const port = await freePort();
  const env = { ...process.env, RUNNER_URL: runnerUrl, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" as const };
  const next = join(WEB_DIR, "node_modules", "next", "dist", "bin", "next");
  const { child, output } = startGroup(
    "web",
    process.execPath,
    [next, "start", "-H", "127.0.0.1", "-p", String(port)],
    WEB_DIR,
    env,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/runs/unknown-run-id-0000`, 60_000, output);
  return { url, output, stop: () => stopGroup(child) };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}
