import { BackendUnavailableError, type BackendName } from "./backend-unavailable-error";
import { startEphemeralMysql } from "./ephemeral-mariadb";
import { startEphemeralRedis } from "./ephemeral-redis";
import type { EphemeralServer } from "./ephemeral-server";
import { readMysqlVersion, readRedisVersion } from "./server-versions";

/**
 * Where a backend came from. 'external': a URL the user gave (REDIS_URL / MYSQL_URL).
 * 'ephemeral': a private server started from the locally installed binaries.
 * An in-process 'embedded' kind for machines with neither belongs here when it exists.
 */
export type BackendKind = "external" | "ephemeral";

export interface ResolveBackendsOptions {
  /** Use this Redis instead of starting one (empty string counts as unset). */
  redisUrl?: string;
  /** Use this MySQL/MariaDB instead of starting one (empty string counts as unset). */
  mysqlUrl?: string;
  /** Starters, replaceable in tests. */
  startRedis?: () => Promise<EphemeralServer>;
  startMysql?: () => Promise<EphemeralServer>;
}

/** A null URL/kind/version means: neither given nor startable here; `unavailable` says why. */
export interface ResolvedBackends {
  redisUrl: string | null;
  mysqlUrl: string | null;
  kind: Record<BackendName, BackendKind | null>;
  versions: Record<BackendName, string | null>;
  unavailable: Record<BackendName, string | null>;
  /** Process ids of the servers this call started (none for external backends), so a caller can place them on cores. */
  pids?: number[];
  /** Stops what this call started; external backends are left alone. */
  stop(): Promise<void>;
}

interface Resolved {
  url: string | null;
  kind: BackendKind | null;
  version: string | null;
  unavailable: string | null;
  server?: EphemeralServer;
}

/**
 * Given URLs are used as they are (and must answer); otherwise ephemeral servers are started, both at
 * once. If anything fails for another reason than "not installed", whatever was started is stopped.
 */
export async function resolveBackends(options: ResolveBackendsOptions = {}): Promise<ResolvedBackends> {
  const [redis, mysql] = await Promise.allSettled([
    resolveOne("redis", options.redisUrl, readRedisVersion, options.startRedis ?? (() => startEphemeralRedis())),
    resolveOne("mysql", options.mysqlUrl, readMysqlVersion, options.startMysql ?? (() => startEphemeralMysql())),
  ]);
  if (redis.status === "rejected" || mysql.status === "rejected") {
    const started = [redis, mysql].flatMap((r) => (r.status === "fulfilled" && r.value.server ? [r.value.server] : []));
    await Promise.all(started.map((server) => server.stop()));
    throw redis.status === "rejected" ? redis.reason : (mysql as PromiseRejectedResult).reason;
  }
  const r = redis.value;
  const m = mysql.value;
  return {
    redisUrl: r.url,
    mysqlUrl: m.url,
    kind: { redis: r.kind, mysql: m.kind },
    versions: { redis: r.version, mysql: m.version },
    unavailable: { redis: r.unavailable, mysql: m.unavailable },
    pids: [r.server?.pid, m.server?.pid].filter((pid): pid is number => pid !== undefined),
    async stop() {
      await Promise.all([r.server?.stop(), m.server?.stop()]);
    },
  };
}

async function resolveOne(
  backend: BackendName,
  givenUrl: string | undefined,
  readVersion: (url: string) => Promise<string>,
  start: () => Promise<EphemeralServer>,
): Promise<Resolved> {
  if (givenUrl !== undefined && givenUrl !== "") {
    return { url: givenUrl, kind: "external", version: await readVersion(givenUrl), unavailable: null };
  }
  try {
    const server = await start();
    return { url: server.url, kind: "ephemeral", version: server.version, unavailable: null, server };
  } catch (error) {
    if (error instanceof BackendUnavailableError && error.backend === backend) {
      return { url: null, kind: null, version: null, unavailable: error.message };
    }
    throw error;
  }
}
