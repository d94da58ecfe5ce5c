/**
 * Throwaway servers for the driver tests: 127.0.0.1, ephemeral ports, bounded lifetime.
 *  - startHttpTestServer(): node:http in a child process (see http-test-server.mjs).
 *  - startGrpcTestServer(): grpc-js in this process, relix.v1.BenchService from the real proto.
 * Both count requests per id and the TCP connections that carried requests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";

const here = path.dirname(fileURLToPath(import.meta.url));
export const PROTO_ROOT = path.resolve(here, "../../../../../proto");
export const BENCH_PROTO = path.join(PROTO_ROOT, "relix/v1/bench.proto");

export interface ServerStats {
  connections: number;
  requests: number;
  ids: Record<string, number>;
}

export interface HttpTestServer {
  port: number;
  url: string;
  pid: number;
  stats(): Promise<ServerStats>;
  reset(): Promise<void>;
  /** Holds every request that arrives in the next `ms` until they are over. */
  stall(ms: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startHttpTestServer(): Promise<HttpTestServer> {
  const child: ChildProcess = spawn(process.execPath, [path.join(here, "http-test-server.mjs")], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, RELIX_TEST_SERVER_MAX_MS: "120000" },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buf = "";
    const timer = setTimeout(() => reject(new Error("http test server did not start")), 10_000);
    child.once("error", reject);
    child.stdout!.setEncoding("utf8").on("data", (d: string) => {
      buf += d;
      const nl = buf.indexOf("\n");
      if (nl >= 0) {
        clearTimeout(timer);
        resolve((JSON.parse(buf.slice(0, nl)) as { port: number }).port);
      }
    });
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    pid: child.pid!,
    async stats() {
      const r = await fetch(`${url}/__stats`);
      return (await r.json()) as ServerStats;
    },
    async reset() {
      await fetch(`${url}/__reset`, { method: "POST" });
    },
    async stall(ms: number) {
      await fetch(`${url}/__stall/${ms}`, { method: "POST" });
    },
    stop() {
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    },
  };
}

export interface GrpcTestServer {
  port: number;
  target: string;
  /** Delay (ms) applied to every Noop/Echo call. */
  delayMs: number;
  /** Holds every Noop call that arrives in the next `ms` until they are over. */
  stall(ms: number): void;
  stats(): ServerStats;
  reset(): void;
  stop(): Promise<void>;
}

interface EchoRequest {
  message: string;
  data: Record<string, string>;
}

/**
 * Echo: counts `message` as the id; `message` starting with "missing" answers NOT_FOUND;
 * "slow:<ms>" answers after <ms>. Noop: answers {} (after `delayMs`).
 */
export async function startGrpcTestServer(): Promise<GrpcTestServer> {
  const def = protoLoader.loadSync("relix/v1/bench.proto", {
    includeDirs: [PROTO_ROOT],
    keepCase: false,
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  const pkg = grpc.loadPackageDefinition(def) as unknown as {
    relix: { v1: { BenchService: grpc.ServiceClientConstructor } };
  };
  let ids = new Map<string, number>();
  let peers = new Set<string>();
  let requests = 0;
  const state = { delayMs: 0, stallUntil: 0 };
  const later = (ms: number, fn: () => void): void => {
    if (ms > 0) setTimeout(fn, ms);
    else fn();
  };
  const server = new grpc.Server();
  server.addService(pkg.relix.v1.BenchService.service, {
    Noop(call: grpc.ServerUnaryCall<object, object>, cb: grpc.sendUnaryData<object>) {
      requests++;
      peers.add(call.getPeer());
      later(Math.max(state.delayMs, state.stallUntil - Date.now()), () => cb(null, {}));
    },
    Echo(call: grpc.ServerUnaryCall<EchoRequest, object>, cb: grpc.sendUnaryData<object>) {
      requests++;
      peers.add(call.getPeer());
      const id = call.request.message;
      ids.set(id, (ids.get(id) ?? 0) + 1);
      if (id.startsWith("missing")) {
        return later(state.delayMs, () => cb({ code: grpc.status.NOT_FOUND, details: `no item ${id}` }));
      }
      const slow = /^slow:(\d+)$/.exec(id);
      later(slow ? Number(slow[1]) : state.delayMs, () => cb(null, { status: "ok", data: call.request.data }));
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return {
    port,
    target: `127.0.0.1:${port}`,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    stall(ms: number) {
      state.stallUntil = Date.now() + ms;
    },
    stats: () => ({ connections: peers.size, requests, ids: Object.fromEntries(ids) }),
    reset() {
      ids = new Map();
      peers = new Set();
      requests = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 2000);
        server.tryShutdown(() => {
          clearTimeout(t);
          resolve();
        });
      }),
  };
}
