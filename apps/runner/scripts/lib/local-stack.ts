/**
 * The services for the benchmark scripts: real Redis and MySQL (REDIS_URL / MYSQL_URL, else
 * ephemeral local redis-server and mariadbd), both APIs started by the engine's ensureServices as
 * child processes on free 127.0.0.1 ports, so a script never measures, or disturbs, a stack
 * someone else is running.
 */
import { getFreePort, resolveBackends } from "@relix/io/backends";
import { ensureServices, type ManagedServices } from "../../src/engine/launch/service-manager";
import type { ServiceTargets } from "../../src/engine/launch/targets";

export interface LocalStack {
  targets: ServiceTargets;
  services: ManagedServices;
  versions: { redis: string | null; mysql: string | null };
  /** The Redis the services read, for references that must read the same keys. */
  redisUrl: string;
  stop(): Promise<void>;
}

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/** `env` is the script's environment, read by its entry file: REDIS_URL / MYSQL_URL, and what the services inherit. */
export async function startLocalStack(
  env: Readonly<Record<string, string | undefined>>,
  log: (message: string) => void = () => {},
): Promise<LocalStack> {
  const backends = await resolveBackends({ redisUrl: env.REDIS_URL, mysqlUrl: env.MYSQL_URL });
  if (!backends.redisUrl || !backends.mysqlUrl) {
    await backends.stop();
    throw new Error(
      "needs Redis and MySQL/MariaDB: set REDIS_URL and MYSQL_URL, or install redis-server and mariadb-server",
    );
  }
  try {
    // A free port can be taken before the service binds it: retry "address in use" a few times.
    for (let attempt = 1; ; attempt++) {
      const [restPort, grpcPort, grpcMetricsPort] = await Promise.all([getFreePort(), getFreePort(), getFreePort()]);
      const targets: ServiceTargets = {
        host: "127.0.0.1",
        restPort: restPort,
        grpcPort: grpcPort,
        grpcMetricsPort: grpcMetricsPort,
      };
      try {
        const services = await ensureServices(targets, {
          env: { ...env, REDIS_URL: backends.redisUrl, MYSQL_URL: backends.mysqlUrl },
          log,
        });
        const stop = async () => {
          for (const signal of SIGNALS) process.off(signal, onSignal);
          await services.stop();
          await backends.stop();
        };
        // Ctrl-C stops what was started: MariaDB ignores SIGINT and would outlive the script.
        const onSignal = () => {
          void stop().finally(() => process.exit(130));
        };
        for (const signal of SIGNALS) process.once(signal, onSignal);
        // The backends are started here, not by ensureServices: their processes count among the services' for pinning.
        const all = { ...services, pids: [...(services.pids ?? []), ...(backends.pids ?? [])] };
        return { targets, services: all, versions: backends.versions, redisUrl: backends.redisUrl, stop };
      } catch (error) {
        if (attempt >= 3 || !/EADDRINUSE/.test(String((error as Error).message))) throw error;
      }
    }
  } catch (error) {
    await backends.stop();
    throw error;
  }
}

/** "8", "5s", "500ms", "1.5s" -> ms; bounded. */
export function parseSeconds(text: string, name: string, { min, max }: { min: number; max: number }): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text.trim());
  const ms = m ? Number(m[1]) * (m[2] === "ms" ? 1 : 1000) : Number.NaN;
  if (!(ms >= min && ms <= max))
    throw new Error(
      `--${name} must be a duration from ${min / 1000} s to ${max / 1000} s (got ${JSON.stringify(text)})`,
    );
  return ms;
}

export function parseCount(text: string, name: string, { min, max }: { min: number; max: number }): number {
  const n = Number(text);
  if (!(Number.isInteger(n) && n >= min && n <= max))
    throw new Error(`--${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(text)})`);
  return n;
}
