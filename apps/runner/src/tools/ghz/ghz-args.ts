/**
 * What the gRPC driver accepts, and the ghz command line it becomes. ghz runs as a child process
 * with
 *   --insecure --format json --output <tmp> --duration-stop wait --skipFirst 0
 *   --disable-template-functions --disable-template-data
 * and its report is parsed by ./ghz-report (see there for the report's semantics).
 *
 * Facts established from ghz v0.120.0 source (runner/requester.go, worker.go, data.go) and tests:
 *  - Key sequence: the pacer hands out ticks numbered by ONE global counter; each worker takes the
 *    next tick and the data provider picks `data[requestNumber % data.length]`. So a JSON array is
 *    cycled round-robin globally across all workers, in dispatch order: the same global order the
 *    autocannon driver uses. Template processing is disabled so ids in the data are sent verbatim
 *    and per-call cost stays constant.
 *  - Connections: `--connections K` creates K grpc.ClientConn (one HTTP/2 TCP connection each to a
 *    single address); workers are assigned to them round-robin; K must be <= -c.
 *  - `--duration-stop`: "close" (the default) closes the connections at -z, turning in-flight calls
 *    into UNAVAILABLE/CANCELLED errors; "ignore" drops them; "wait" lets them complete (each
 *    worker finishes its current call before stopping). Relix uses "wait"; the other two exist
 *    only for the tests that demonstrate difference #8 (tools/testing/tool-defaults.ts).
 *  - `-z` makes ghz ignore -n. `-x` ("max duration with n respected") is broken in v0.120.0:
 *    WithConfig copies X into Z and NewConfig then sets n = MaxInt32 whenever z > 0, so -n is
 *    ignored (observed: `-n 50 -x 5s` ran 20k calls). With both total and durationMs only -n is
 *    passed and ghz gets SIGINT at durationMs (run-ghz.ts): it stops like at -z (with
 *    --duration-stop semantics), writes its report, and reports endReason "cancel".
 *  - `--rps` is a global constant pacer; if all workers are busy the tick waits (coordinated
 *    omission is never corrected: difference #7).
 *  - Default timeout is 20 s (the driver passes --timeout, default 10 s like autocannon's).
 *  - ghz uses every core by default (GOMAXPROCS = all); `cpus` maps to --cpus.
 */
import { parseLocalGrpcTarget } from "../local-target";

export interface GhzOptions {
  /** "HOST:PORT" on this machine (see local-target.ts); anything else is rejected. */
  target: string;
  /** Hosts off this machine the operator allowed at start-up (RELIX_REMOTE_SERVICES=1) that `target` may name. */
  remoteHosts?: readonly string[];
  protoFile: string;
  importPaths?: string[];
  /** Fully-qualified method, e.g. "relix.v1.BenchService.Noop". */
  call: string;
  /** The key sequence: one JSON object per message, cycled round-robin across all workers. */
  data: object[];
  metadata?: Record<string, string>;
  /** ghz -c: workers (= calls in flight, closed loop). */
  concurrency: number;
  /** HTTP/2 connections shared by the workers. Default 1 (ghz default). */
  connections?: number;
  /** -z: issue calls for this long. */
  durationMs?: number;
  /** -n: this many calls (with durationMs too: at most that long, see above). */
  total?: number;
  /** --rps: overall rate limit. */
  rps?: number;
  /** Per-call timeout. Default 10000. */
  timeoutMs?: number;
  /** --cpus (GOMAXPROCS of ghz). Default: ghz's default (all cores). */
  cpus?: number;
  /** The ghz binary, found once at start-up (@relix/io locateTool). */
  ghzBin: string;
  /**
   * Put before the tool's argv to run it elsewhere: a packet link's `ip netns exec <namespace>`, so
   * its traffic crosses the link (packages/io/src/network/packet/host-link.ts). Absent: run here.
   */
  execPrefix?: readonly string[];
  /** ghz's environment (the one the runner was started with); default: the runner's own. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Stops ghz early (SIGINT: it finishes in-flight calls and writes its report). */
  signal?: AbortSignal;
  /** Heartbeat once per second while ghz runs (ghz gives no live numbers). */
  onProgress?: (p: { elapsedMs: number; second: number }) => void;
}

/** What ghz does with calls in flight when the time is up (see above). */
export type DurationStop = "wait" | "close" | "ignore";

function positiveInt(name: string, v: number, max: number): number {
  if (!Number.isInteger(v) || v < 1 || v > max) throw new Error(`${name} must be an integer in [1, ${max}]`);
  return v;
}

const goMs = (ms: number): string => `${Math.round(ms)}ms`;

/** The ghz argument list; throws on anything ghz must not be given, the target first. */
export function buildGhzArgs(
  opts: Omit<GhzOptions, "ghzBin" | "execPrefix">,
  files: { dataFile: string; outFile: string },
  durationStop: DurationStop = "wait",
): string[] {
  const target = parseLocalGrpcTarget(opts.target, opts.remoteHosts);
  const concurrency = positiveInt("concurrency", opts.concurrency, 100_000);
  const connections = positiveInt("connections", opts.connections ?? 1, 10_000);
  if (connections > concurrency) throw new Error("connections cannot be greater than concurrency (ghz rule)");
  if (!/^[A-Za-z_][\w.]*[./][A-Za-z_]\w*$/.test(opts.call)) throw new Error(`bad call name ${opts.call}`);
  if (opts.durationMs === undefined && opts.total === undefined) throw new Error("durationMs or total is required");
  const timeoutMs = opts.timeoutMs ?? 10_000;
  if (!(timeoutMs >= 1)) throw new Error("timeoutMs must be > 0");
  const args = [
    "--insecure",
    "--proto",
    opts.protoFile,
    ...(opts.importPaths?.length ? ["--import-paths", opts.importPaths.join(",")] : []),
    "--call",
    opts.call,
    "--data-file",
    files.dataFile,
    "-c",
    String(concurrency),
    "--connections",
    String(connections),
    "--timeout",
    goMs(timeoutMs),
    "--duration-stop",
    durationStop,
    "--skipFirst",
    "0",
    "--disable-template-functions",
    "--disable-template-data",
    "--format",
    "json",
    "--output",
    files.outFile,
  ];
  if (opts.total !== undefined) {
    args.push("-n", String(positiveInt("total", opts.total, 1_000_000_000)));
    if (opts.durationMs !== undefined && !(opts.durationMs > 0)) throw new Error("durationMs must be > 0");
  } else {
    if (!(opts.durationMs! > 0)) throw new Error("durationMs must be > 0");
    args.push("-z", goMs(opts.durationMs!));
  }
  if (opts.rps !== undefined) args.push("--rps", String(positiveInt("rps", opts.rps, 10_000_000)));
  if (opts.metadata && Object.keys(opts.metadata).length > 0) {
    for (const [k, v] of Object.entries(opts.metadata)) {
      if (typeof v !== "string") throw new Error(`metadata ${k} must be a string`);
    }
    args.push("--metadata", JSON.stringify(opts.metadata));
  }
  if (opts.cpus !== undefined) args.push("--cpus", String(positiveInt("cpus", opts.cpus, 4096)));
  // The literal address: ghz resolving "localhost" itself might dial ::1 where the service is on 127.0.0.1.
  args.push(target.hostPort);
  return args;
}

/** ghz reads its data as a JSON array of objects ([]map[string]interface{}): anything else is refused here. */
export function checkGhzData(data: unknown): asserts data is object[] {
  if (!Array.isArray(data) || data.length === 0) throw new Error("data must be a non-empty array");
  for (const [i, d] of data.entries()) {
    if (typeof d !== "object" || d === null || Array.isArray(d)) throw new Error(`data[${i}] must be an object`);
  }
}
