/**
 * What the h2c driver accepts, and the h2load command line it becomes. h2load (nghttp2) runs as a
 * child process with
 *   -t 1 -c <clients> -m <streams> -i <uris> --log-file <tmp> -H <header>... [-d <body>] -D <ms> | -n <n>
 * and its per-request log is parsed by ./h2load-log.ts.
 *
 * Facts established against nghttp2 1.52's h2load (each checked by run-h2load.test.ts):
 *  - In flight: `-c` clients, one HTTP/2 connection each, each keeping up to `-m` streams open:
 *    c x m requests in flight, closed loop. ghz's -c workers share --connections connections; here
 *    the connection count is -c itself.
 *  - Key sequence: `-i` gives a list of URIs; EACH CLIENT walks the list from its first URI on its
 *    own, so the first requests of c clients all ask for the first key. autocannon and ghz hand out
 *    one global round-robin. The multiset of keys over a run is the same; their interleaving is not.
 *  - Warm-up: `--warm-up-time` sends requests that never reach the log, so the run's first request
 *    (the time origin of every other tool) cannot be seen. The driver does not use it: it runs for
 *    the whole planned duration and the engine cuts the warm-up from the samples, as for the others.
 *  - End of run: at `-D`, h2load starts no new request and lets the ones in flight finish (as ghz
 *    with --duration-stop wait, and autocannon): they are logged. `-D` overrides `-n`, so a count
 *    with a time cap runs with `-n` and is stopped by SIGINT at the cap: h2load then exits at once,
 *    without its summary, and the requests in flight (at most -c x -m) leave no log row.
 *  - Rate: h2load's `-r` is a rate of new connections, not of requests; there is no request-rate
 *    option, so an open loop is refused here.
 *  - One body for every request (`-d`, which also makes every request a POST) and one header set:
 *    a workload whose requests differ in anything but their path cannot be driven by h2load.
 *  - Timeout: no per-request timeout exists; `-N` closes a connection that has received nothing
 *    for that long, failing its streams (status -1 in the log).
 *  - HTTP/1.1: `--h1` speaks HTTP/1.1 to every URI; `-m` is then the pipelining depth, so one
 *    stream per client keeps one request per connection in flight, as autocannon does here.
 *  - Flow control: h2load offers 2^30 - 1 bytes of stream and connection window (`-w 30 -W 30`)
 *    unless told; `-w N -W M` offer 2^N - 1 and 2^M - 1.
 */
import { parseLocalHttpUrl } from "../local-target";
import type { HttpRequestSpec } from "../autocannon/autocannon-options";

export interface H2loadOptions {
  /** Base URL of the h2c server on this machine (see local-target.ts); anything else is rejected. */
  url: string;
  /** Hosts off this machine the operator allowed at start-up (RELIX_REMOTE_SERVICES=1) that `url` may name. */
  remoteHosts?: readonly string[];
  /** The key sequence; every request must share method, headers and body (only paths may differ). */
  requests: HttpRequestSpec[];
  /** -c: HTTP/2 connections, one per client. */
  clients: number;
  /** -m: streams each client keeps open (in flight = clients x streams). */
  streams: number;
  /**
   * -D: issue requests for this long, then let those in flight finish. With `total`, the time cap
   * instead: h2load gets SIGINT then (run-h2load.ts), as its -D would override -n.
   */
  durationMs?: number;
  /** -n: exactly this many requests (at most `durationMs` long when both are given). */
  total?: number;
  /** --h1: HTTP/1.1 instead of h2 with prior knowledge (then `streams` is the pipelining depth). */
  http1?: boolean;
  /** -w / -W: the HTTP/2 stream and connection windows offered, as powers of two minus one. */
  windowBits?: { stream: number; connection: number };
  /** -N: a connection silent for this long is closed and its streams fail. Default 10000. */
  timeoutMs?: number;
  /** The h2load binary, found once at start-up (@relix/io locateTool). */
  h2loadBin: string;
  /**
   * Put before the tool's argv to run it elsewhere: a packet link's `ip netns exec <namespace>`, so
   * its traffic crosses the link (packages/io/src/network/packet/host-link.ts). Absent: run here.
   */
  execPrefix?: readonly string[];
  /** h2load's environment (the one the runner was started with); default: the runner's own. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Stops h2load early (SIGINT). */
  signal?: AbortSignal;
}

export interface H2loadFiles {
  urisFile: string;
  logFile: string;
  /** Written only when the requests carry a body. */
  bodyFile: string;
}

/** The one request shape every request shares (h2load sends one method, one header set, one body). */
export function sharedRequestOf(requests: readonly HttpRequestSpec[]): Omit<HttpRequestSpec, "path"> {
  const [first] = requests;
  if (!first) throw new Error("h2load needs at least one request");
  const shape = (r: HttpRequestSpec) =>
    JSON.stringify([r.method, r.headers ?? {}, r.body === undefined ? null : Buffer.from(r.body).toString("base64")]);
  const expected = shape(first);
  if (requests.some((r) => shape(r) !== expected))
    throw new Error(
      "h2load sends one method, header set and body for every request: these requests differ in more than their path",
    );
  if (first.method !== "GET" && first.method !== "POST")
    throw new Error(`h2load sends GET or POST, not ${first.method}`);
  if (first.method === "POST" && first.body === undefined) return { ...first, body: "" };
  if (first.method === "GET" && first.body !== undefined) throw new Error("h2load cannot send a GET with a body");
  const { path: _path, ...shared } = first;
  return shared;
}

function positiveInt(name: string, v: number, max: number): number {
  if (!Number.isInteger(v) || v < 1 || v > max) throw new Error(`${name} must be an integer in [1, ${max}]`);
  return v;
}

/** The URI list, one per line: h2load takes scheme, host and port from the first one. */
export function urisOf(opts: Pick<H2loadOptions, "url" | "remoteHosts" | "requests">): string {
  const { origin, basePath } = parseLocalHttpUrl(opts.url, opts.remoteHosts);
  return opts.requests.map((r) => `${origin}${basePath}${r.path}`).join("\n") + "\n";
}

/** The h2load argument list; throws on anything h2load must not be given, the target first. */
export function buildH2loadArgs(opts: Omit<H2loadOptions, "h2loadBin" | "execPrefix">, files: H2loadFiles): string[] {
  parseLocalHttpUrl(opts.url, opts.remoteHosts);
  const shared = sharedRequestOf(opts.requests);
  const clients = positiveInt("clients", opts.clients, 10_000);
  const streams = positiveInt("streams", opts.streams, 10_000);
  if (opts.durationMs === undefined && opts.total === undefined) throw new Error("give durationMs or total");
  const args = ["-t", "1", "-c", String(clients), "-m", String(streams), "-i", files.urisFile];
  args.push("--log-file", files.logFile);
  if (opts.http1) args.push("--h1");
  if (opts.windowBits) {
    args.push("-w", String(positiveInt("stream window bits", opts.windowBits.stream, 30)));
    args.push("-W", String(positiveInt("connection window bits", opts.windowBits.connection, 30)));
  }
  args.push("-N", `${Math.max(1, Math.round(opts.timeoutMs ?? 10_000))}ms`);
  for (const [name, value] of Object.entries(shared.headers ?? {})) args.push("-H", `${name}: ${value}`);
  if (shared.body !== undefined) args.push("-d", files.bodyFile);
  if (opts.total !== undefined) {
    // h2load refuses fewer requests than clients.
    args.push("-n", String(Math.max(positiveInt("total", opts.total, 1e9), clients)));
  } else {
    args.push("-D", `${Math.max(1, Math.round(opts.durationMs!))}ms`);
  }
  return args;
}
