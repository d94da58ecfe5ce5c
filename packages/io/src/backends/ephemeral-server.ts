import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ownDir } from "../lifetime/own";
import { getFreePort } from "./free-port";
import { spawnServer, type ServerProcess } from "./server-process";

/** A throwaway server on 127.0.0.1 with its own temp dir; stop() removes both. */
export interface EphemeralServer {
  /** Connection URL, loopback only. */
  readonly url: string;
  /** The server's own version string, as the server reports it. */
  readonly version: string;
  readonly port: number;
  /** The temp dir holding all of the server's files; gone after stop(). */
  readonly dir: string;
  readonly pid: number;
  /** Stops the server and removes its dir. Safe to call more than once. */
  stop(): Promise<void>;
}

export interface EphemeralServerSpec {
  /** Used in messages, e.g. "redis-server". */
  name: string;
  /** Temp dir name prefix, e.g. "relix-redis-". */
  tmpPrefix: string;
  command: string;
  /** Runs once in the fresh temp dir before the first start (e.g. initialising a data dir). */
  prepare?: (dir: string) => Promise<void>;
  args: (port: number, dir: string) => readonly string[];
  /** Resolves with the URL and version once the server answers real queries; rejects while it does not. */
  probe: (port: number) => Promise<{ url: string; version: string }>;
  startTimeoutMs: number;
  stopGraceMs: number;
}

const PORT_ATTEMPTS = 3;
const PROBE_INTERVAL_MS = 50;

export async function startEphemeralServer(spec: EphemeralServerSpec): Promise<EphemeralServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), spec.tmpPrefix));
  // Removed on exit, and recorded for the sweep; the server in it is owned by spawnServer.
  const unregister = ownDir(dir, `${spec.name}'s files`);

  try {
    await spec.prepare?.(dir);
    for (let attempt = 1; ; attempt += 1) {
      const port = await getFreePort();
      const server = spawnServer(spec.command, spec.args(port, dir), dir, spec.name, [port]);
      try {
        const ready = await waitUntilReady(spec, server, port);
        return running(spec, server, port, dir, ready, unregister);
      } catch (error) {
        await server.stop(spec.stopGraceMs);
        // getFreePort released the port before the server bound it; someone else may have won it.
        const lostPortRace = /address already in use/i.test(server.outputTail(100));
        if (!lostPortRace || attempt >= PORT_ATTEMPTS) throw error;
      }
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    unregister();
    throw error;
  }
}

function running(
  spec: EphemeralServerSpec,
  server: ServerProcess,
  port: number,
  dir: string,
  ready: { url: string; version: string },
  unregister: () => void,
): EphemeralServer {
  let stopping: Promise<void> | undefined;
  return {
    url: ready.url,
    version: ready.version,
    port,
    dir,
    pid: server.pid ?? -1,
    stop() {
      stopping ??= (async () => {
        await server.stop(spec.stopGraceMs);
        await rm(dir, { recursive: true, force: true });
        unregister();
      })();
      return stopping;
    },
  };
}

async function waitUntilReady(
  spec: EphemeralServerSpec,
  server: ServerProcess,
  port: number,
): Promise<{ url: string; version: string }> {
  const deadline = Date.now() + spec.startTimeoutMs;
  let lastError: unknown;
  for (;;) {
    const exit = server.exitStatus();
    if (exit !== null) {
      const how = exit.error
        ? `could not be started (${exit.error.message})`
        : `exited (${exit.signal ?? `code ${exit.code}`})`;
      throw new Error(`${spec.name} ${how} before it was ready.${formatTail(server)}`);
    }
    try {
      return await spec.probe(port);
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? lastError.message : String(lastError);
      throw new Error(
        `${spec.name} did not answer on 127.0.0.1:${port} within ${spec.startTimeoutMs} ms (last error: ${reason}).${formatTail(server)}`,
        { cause: lastError },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
  }
}

function formatTail(server: ServerProcess): string {
  const tail = server.outputTail();
  return tail === "" ? " It wrote nothing." : `\n--- last lines of its output ---\n${tail}`;
}
