/**
 * `pnpm start`: everything a user needs, in one command. Redis and MySQL from REDIS_URL /
 * MYSQL_URL or started locally, both APIs (their bundles, built when missing or stale: the same
 * artifact `pnpm bench` measures and the Docker image runs), the runner service and the web app
 * (built when missing or older than its sources); prints the URL to open and stops all of it on Ctrl-C.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { DEFAULT_PORTS } from "@relix/core/network/default-ports";
import { resolveBackends } from "@relix/io/backends";
import { loadBenchConfig } from "../src/config/runner-config";
import { ensureServices } from "../src/engine/launch/service-manager";
import { stopChild } from "../src/engine/launch/service-processes";
import { webBuildNeeded } from "./lib/web-build";

const require = createRequire(import.meta.url);
const tsxCli = require.resolve("tsx/cli");
const webDir = fileURLToPath(new URL("../../web", import.meta.url));
const runnerMain = fileURLToPath(new URL("../src/server/main.ts", import.meta.url));
const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

// The environment, read once: everything below gets its values from here.
const ENV: Readonly<Record<string, string | undefined>> = process.env;
const RUNNER_PORT = ENV.RUNNER_PORT ?? String(DEFAULT_PORTS.runner);
const WEB_PORT = ENV.WEB_PORT ?? String(DEFAULT_PORTS.web);
const READY_TIMEOUT_MS = 120_000;

const log = (message: string) => console.log(`[relix] ${message}`);

function start(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd = repoRoot,
): ChildProcess {
  const child = spawn(command, args, { cwd, env: { ...ENV, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  child.once("exit", (code, signal) => {
    if (!shuttingDown) {
      console.error(`[relix] ${name} exited (${signal ?? code}); stopping everything`);
      void shutdown(1);
    }
  });
  return child;
}

async function waitFor(url: string, what: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${what} did not answer at ${url} within ${READY_TIMEOUT_MS / 1000} s`);
}

let shuttingDown = false;
const children: ChildProcess[] = [];
let stopServices: () => Promise<void> = async () => {};
let stopBackends: () => Promise<void> = async () => {};

async function shutdown(code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  log("stopping");
  setTimeout(() => process.exit(code || 1), 20_000).unref();
  for (const child of children.reverse()) await stopChild(child);
  await stopServices();
  await stopBackends();
  process.exit(code);
}
// `on`, not `once`: Ctrl-C also makes pnpm send a SIGTERM; a second signal must not cut the
// orderly stop short (MariaDB ignores SIGINT and would outlive us). The timer above bounds it.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(0));

async function main() {
  const { targets } = loadBenchConfig(ENV);
  log("starting Redis and MySQL (or using REDIS_URL / MYSQL_URL)");
  const backends = await resolveBackends({ redisUrl: ENV.REDIS_URL, mysqlUrl: ENV.MYSQL_URL });
  stopBackends = () => backends.stop();
  const env: Record<string, string> = {};
  if (backends.redisUrl && backends.mysqlUrl) {
    env.REDIS_URL = backends.redisUrl;
    env.MYSQL_URL = backends.mysqlUrl;
  } else {
    log("WARNING: no Redis/MySQL available: the APIs run on EMBEDDED in-process backends and every result says so");
    // Say so to the service manager too, or it would try to start the same backends again.
    env.RELIX_BACKENDS = "embedded";
  }

  log("starting the REST and gRPC services (their built bundles, as `pnpm bench` and Docker run them)");
  const services = await ensureServices(targets, { env: { ...ENV, ...env }, log });
  stopServices = () => services.stop();

  log("starting the runner service");
  // The services just started are this script's: the runner may measure them as they are.
  children.push(
    start("runner", process.execPath, [tsxCli, runnerMain], { ...env, RUNNER_PORT, RELIX_USE_RUNNING_SERVICES: "1" }),
  );
  await waitFor(`http://127.0.0.1:${RUNNER_PORT}/healthz`, "the runner");

  const buildReason = await webBuildNeeded(webDir, repoRoot);
  if (buildReason !== null) {
    log(`building the web app (${buildReason})`);
    await new Promise<void>((resolve, reject) => {
      const build = spawn("pnpm", ["--filter", "@relix/web", "build"], { cwd: repoRoot, stdio: "inherit" });
      build.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the web build failed (exit ${code})`))));
    });
  }
  log("starting the web app");
  // next itself, not through pnpm: a signal to this child then reaches the server, not a wrapper.
  const nextBin = createRequire(`${webDir}/package.json`).resolve("next/dist/bin/next");
  children.push(
    start(
      "web",
      process.execPath,
      [nextBin, "start", "-H", "127.0.0.1", "-p", WEB_PORT],
      { RUNNER_URL: `http://127.0.0.1:${RUNNER_PORT}` },
      webDir,
    ),
  );
  await waitFor(`http://127.0.0.1:${WEB_PORT}/`, "the web app");
  log(`ready: open http://127.0.0.1:${WEB_PORT}   (Ctrl-C stops everything)`);
}

main().catch(async (error) => {
  console.error(`[relix] ${(error as Error).message}`);
  await shutdown(1);
});
