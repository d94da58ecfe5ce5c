/**
 * What the load client accepts, and its command line. relix-load (native/load-client) runs as a
 * child process with
 *   --target HOST:PORT --protocol h1|h2c [--grpc] --requests <json> --connections C --in-flight N
 *   [--new-connection-per-call] [--rate R] --duration-ms D [--total N] --timeout-ms T
 *   [--stream-window-bits B --connection-window-bits B] --log <tsv> [--allow-hosts a,b]
 * and its per-call log is parsed by ./relix-load-log.ts.
 *
 * Unlike h2load it sends every request of the key sequence (call i sends request i mod n, one
 * global order over all connections), reads each gRPC call's status from its trailers, paces an
 * open loop from each call's due time, and can open a connection per HTTP/1.1 call.
 */
import { parseLocalHttpUrl } from "../local-target";
import type { HttpRequestSpec } from "../autocannon/autocannon-options";

export interface RelixLoadOptions {
  /** Base URL of the stack on this machine (see local-target.ts); anything else is rejected. */
  url: string;
  /** Hosts off this machine the operator allowed (RELIX_REMOTE_SERVICES=1, or a packet link's) that `url` may name. */
  remoteHosts?: readonly string[];
  /** The key sequence, sent in one global round-robin; paths are below the URL's base path. */
  requests: readonly HttpRequestSpec[];
  /** "h1": HTTP/1.1, one call per connection in flight; "h2c": HTTP/2 with prior knowledge. */
  protocol: "h1" | "h2c";
  /** The h2c calls are gRPC calls: each one's outcome is its grpc-status. */
  grpc?: boolean;
  /** TCP connections (with `newConnectionPerCall`: callers, each opening one per call). */
  connections: number;
  /** Calls in flight at most: `connections` over HTTP/1.1, a multiple of it over h2c. */
  inFlight: number;
  /** HTTP/1.1: a new connection for every call, closed after its response. */
  newConnectionPerCall?: boolean;
  /** Open loop: calls per second, each due at its own time; absent: a closed loop. */
  rate?: number;
  /** Issue calls for this long; with `total`, the time cap. */
  durationMs: number;
  /** Count mode: exactly this many calls (fewer when `durationMs` comes first). */
  total?: number;
  /** Each call's deadline. */
  timeoutMs: number;
  /** h2c: the receive windows offered, as powers of two minus one. */
  windowBits?: { stream: number; connection: number };
  /** The program, found once at start-up (@relix/io locateTool). */
  relixLoadBin: string;
  /** Put before the program's argv to run it elsewhere (a packet link's `ip netns exec <namespace>`). */
  execPrefix?: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  /** Stops the run early (SIGINT: the program writes what it has and exits). */
  signal?: AbortSignal;
}

export interface RelixLoadFiles {
  requestsFile: string;
  logFile: string;
}

function positiveInt(name: string, v: number, max: number): number {
  if (!Number.isInteger(v) || v < 1 || v > max) throw new Error(`${name} must be an integer in [1, ${max}]`);
  return v;
}

/** The requests file: each request once, its path below the base path, its body in base64. */
export function requestsFileOf(opts: Pick<RelixLoadOptions, "url" | "remoteHosts" | "requests">): string {
  if (opts.requests.length === 0) throw new Error("relix-load needs at least one request");
  const { basePath } = parseLocalHttpUrl(opts.url, opts.remoteHosts);
  return JSON.stringify(
    opts.requests.map((r) => ({
      method: r.method,
      path: `${basePath}${r.path}`,
      ...(r.headers ? { headers: r.headers } : {}),
      ...(r.body === undefined ? {} : { body: Buffer.from(r.body).toString("base64") }),
      ...(r.chunkBytes === undefined ? {} : { chunkBytes: r.chunkBytes }),
    })),
  );
}

/** The argument list; throws on anything the program must not be given, the target first. */
export function buildRelixLoadArgs(
  opts: Omit<RelixLoadOptions, "relixLoadBin" | "execPrefix">,
  files: RelixLoadFiles,
): string[] {
  const target = parseLocalHttpUrl(opts.url, opts.remoteHosts);
  const connections = positiveInt("connections", opts.connections, 10_000);
  const inFlight = positiveInt("in-flight", opts.inFlight, 100_000);
  if (opts.protocol === "h1" && inFlight !== connections)
    throw new Error(
      `HTTP/1.1 keeps one call per connection in flight: in-flight ${inFlight} != connections ${connections}`,
    );
  if (inFlight % connections !== 0)
    throw new Error(`in-flight ${inFlight} must be a multiple of connections ${connections}`);
  if (opts.newConnectionPerCall && opts.protocol !== "h1")
    throw new Error("a new connection per call is for HTTP/1.1 only");
  const args = ["--target", target.hostPort, "--protocol", opts.protocol];
  if (opts.grpc) args.push("--grpc");
  args.push("--requests", files.requestsFile, "--log", files.logFile);
  args.push("--connections", String(connections), "--in-flight", String(inFlight));
  if (opts.newConnectionPerCall) args.push("--new-connection-per-call");
  if (opts.rate !== undefined) {
    if (!(opts.rate > 0) || !Number.isFinite(opts.rate)) throw new Error("rate must be a positive number");
    args.push("--rate", String(opts.rate));
  }
  args.push("--duration-ms", String(Math.max(1, Math.round(opts.durationMs))));
  if (opts.total !== undefined) args.push("--total", String(positiveInt("total", opts.total, 1e9)));
  args.push("--timeout-ms", String(Math.max(1, Math.round(opts.timeoutMs))));
  if (opts.windowBits && opts.protocol === "h2c") {
    args.push("--stream-window-bits", String(positiveInt("stream window bits", opts.windowBits.stream, 30)));
    args.push(
      "--connection-window-bits",
      String(positiveInt("connection window bits", opts.windowBits.connection, 30)),
    );
  }
  if (opts.remoteHosts?.includes(target.address)) args.push("--allow-hosts", target.address);
  return args;
}
