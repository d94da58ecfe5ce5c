import os from "node:os";
import { getFreePort } from "../backends/free-port";
import { spawnServer, type ServerProcess } from "../backends/server-process";
import { toxiproxyVersion } from "./toxiproxy-executable";

type Env = Readonly<Record<string, string | undefined>>;

/** Which way a toxic acts: upstream = client to server, downstream = server to client. */
export type ToxicStream = "upstream" | "downstream";

/** One toxic as Toxiproxy's API takes it (attributes in its units: ms, KB/s). */
export interface Toxic {
  name: string;
  type: "latency" | "bandwidth";
  stream: ToxicStream;
  attributes: Record<string, number>;
}

export interface ToxiproxyProxy {
  name: string;
  /** The port it listens on, on 127.0.0.1 (picked by the kernel). */
  port: number;
  upstream: string;
}

export interface ToxiproxyServer {
  /** http://127.0.0.1:<port>, the control API. */
  apiUrl: string;
  pid: number | undefined;
  /** The module version ("2.12.0"), or what /version said when the build info cannot be read. */
  version: string;
  /** Listens on 127.0.0.1 on a port the kernel picks (no window for another process to take it). */
  createProxy(name: string, upstream: string): Promise<ToxiproxyProxy>;
  addToxic(proxy: string, toxic: Toxic): Promise<void>;
  removeToxic(proxy: string, toxic: string): Promise<void>;
  /** Closes its listener and every connection through it. */
  deleteProxy(proxy: string): Promise<void>;
  /** The proxies it has now, by name. */
  proxies(): Promise<string[]>;
  /** Stops the process; every proxy goes with it. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;
const START_ATTEMPTS = 3;

/**
 * Starts Toxiproxy's server on 127.0.0.1 with a free API port and waits until its API answers.
 * It is killed if this process exits first. The API port can be taken between picking it and
 * binding it, so a start that fails is retried on another port a few times.
 */
export async function startToxiproxy(bin: string, env: Env): Promise<ToxiproxyServer> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    const port = await getFreePort();
    // Killed if this process exits first, recorded for the sweep if it is killed outright (spawnServer).
    const child = spawnServer(bin, ["-host", "127.0.0.1", "-port", String(port)], os.tmpdir(), "toxiproxy", [port]);
    const stop = () => child.stop(2_000);
    try {
      const apiUrl = `http://127.0.0.1:${port}`;
      const reported = await waitForVersion(apiUrl, child);
      return serverHandle(apiUrl, child, await toxiproxyVersion(bin, reported, env), stop);
    } catch (error) {
      await stop();
      lastError = error;
    }
  }
  throw lastError;
}

async function waitForVersion(apiUrl: string, child: ServerProcess): Promise<string> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const exit = child.exitStatus();
    if (exit) {
      throw new Error(
        `toxiproxy exited during start-up (${exit.error?.message ?? `code ${exit.code}, signal ${exit.signal}`}):\n${child.outputTail()}`,
      );
    }
    try {
      const response = await fetch(`${apiUrl}/version`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) {
        const text = await response.text();
        try {
          const { version } = JSON.parse(text) as { version?: unknown };
          return typeof version === "string" ? version : text.trim();
        } catch {
          return text.trim();
        }
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`toxiproxy's API did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${child.outputTail()}`);
}

function serverHandle(
  apiUrl: string,
  child: ServerProcess,
  version: string,
  stop: () => Promise<void>,
): ToxiproxyServer {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(5_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`toxiproxy ${method} ${path} answered ${response.status}: ${text.trim()}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    apiUrl,
    pid: child.pid,
    version,
    async createProxy(name, upstream) {
      const created = (await call("POST", "/proxies", { name, listen: "127.0.0.1:0", upstream, enabled: true })) as {
        listen: string;
      };
      const port = Number(created.listen.slice(created.listen.lastIndexOf(":") + 1));
      if (!Number.isInteger(port) || port <= 0) throw new Error(`toxiproxy gave ${name} no port (${created.listen})`);
      return { name, port, upstream };
    },
    async addToxic(proxy, toxic) {
      await call("POST", `/proxies/${encodeURIComponent(proxy)}/toxics`, { ...toxic, toxicity: 1 });
    },
    async removeToxic(proxy, toxic) {
      await call("DELETE", `/proxies/${encodeURIComponent(proxy)}/toxics/${encodeURIComponent(toxic)}`);
    },
    async deleteProxy(proxy) {
      await call("DELETE", `/proxies/${encodeURIComponent(proxy)}`);
    },
    async proxies() {
      return Object.keys((await call("GET", "/proxies")) as Record<string, unknown>);
    },
    stop,
  };
}
