import { redactUrl, resolveBackends, type ResolvedBackends } from "../packages/io/src/backends/index";

/**
 * Gives every test real Redis and MySQL through REDIS_URL and MYSQL_URL: the ones already set, or
 * ephemeral servers started here and stopped at the end. Workers are spawned after global setup and
 * inherit this process's environment, so tests read the same variables the apps read.
 *
 * The root config and every package config name this file (so `vitest run` inside one package gets
 * backends too), and vitest runs each of them: the first call starts the servers, the others share
 * them through globalThis, and the last teardown stops them.
 */
const SHARED = Symbol.for("relix.test-backends");

interface Shared {
  users: number;
  backends: Promise<ResolvedBackends>;
}

export default async function setup(): Promise<() => Promise<void>> {
  const holder = globalThis as typeof globalThis & { [SHARED]?: Shared };
  const shared = (holder[SHARED] ??= { users: 0, backends: start() });
  shared.users += 1;
  const backends = await shared.backends;
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await backends.stop();
  };
}

async function start(): Promise<ResolvedBackends> {
  const began = performance.now();
  const backends = await resolveBackends({ redisUrl: process.env.REDIS_URL, mysqlUrl: process.env.MYSQL_URL });
  if (backends.redisUrl === null || backends.mysqlUrl === null) {
    await backends.stop();
    const reasons = [backends.unavailable.redis, backends.unavailable.mysql].filter((reason) => reason !== null);
    throw new Error(
      `Tests need real Redis and MySQL/MariaDB (scripts/install-system-deps.sh installs them, or set REDIS_URL / MYSQL_URL).\n- ${reasons.join("\n- ")}`,
    );
  }
  // A calibration made on this machine (.relix/run-to-run.json) would widen the intervals of any
  // run a test starts through the CLI or the runner service: tests read no book unless they give one.
  process.env.RELIX_RUN_TO_RUN_FILE ??= "off";
  process.env.REDIS_URL = backends.redisUrl;
  process.env.MYSQL_URL = backends.mysqlUrl;
  const describe = (name: "redis" | "mysql", url: string): string =>
    `${name} ${backends.versions[name]} (${backends.kind[name]}, ${redactUrl(url)})`;
  console.log(
    `[relix] test backends ready in ${Math.round(performance.now() - began)} ms: ` +
      `${describe("redis", backends.redisUrl)}; ${describe("mysql", backends.mysqlUrl)}`,
  );
  return backends;
}
