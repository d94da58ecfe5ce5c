import { BackendUnavailableError } from "./backend-unavailable-error";
import { startEphemeralServer, type EphemeralServer } from "./ephemeral-server";
import { findExecutable, type FindExecutableOptions } from "./find-executable";
import { readRedisVersion } from "./server-versions";

export interface EphemeralRedisOptions extends FindExecutableOptions {
  startTimeoutMs?: number;
}

/**
 * Starts a private redis-server on 127.0.0.1 (free port, fresh temp dir, no persistence).
 * Throws BackendUnavailableError when redis-server is not installed.
 */
export async function startEphemeralRedis(options: EphemeralRedisOptions = {}): Promise<EphemeralServer> {
  const command = await findExecutable(["redis-server"], options);
  if (command === null) {
    throw new BackendUnavailableError(
      "redis",
      "redis-server was not found on PATH, /usr/sbin or /usr/bin: install the Debian package redis-server, or set REDIS_URL",
    );
  }
  return startEphemeralServer({
    name: "redis-server",
    tmpPrefix: "relix-redis-",
    command,
    args: (port, dir) => [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--protected-mode",
      "yes",
      "--dir",
      dir,
      "--save",
      "",
      "--appendonly",
      "no",
      "--daemonize",
      "no",
      // Logs go to stdout, which is kept for error messages.
      "--logfile",
      "",
    ],
    probe: async (port) => {
      const url = `redis://127.0.0.1:${port}`;
      return { url, version: await readRedisVersion(url, { timeoutMs: 1000 }) };
    },
    startTimeoutMs: options.startTimeoutMs ?? 20_000,
    stopGraceMs: 5_000,
  });
}
