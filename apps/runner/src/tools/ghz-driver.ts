/**
 * gRPC load generation with the ghz CLI, normalised to ClientSample.
 *
 * ghz runs as a child process with
 *   --insecure --format json --output <tmp> --duration-stop wait --skipFirst 0
 *   --disable-template-functions --disable-template-data
 * and its report is parsed by ./ghz-report (see there for the report's semantics).
 *
 * Facts established from ghz v0.120.0 source (runner/requester.go, worker.go, data.go) and tests:
 *  - Key sequence: the pacer hands out ticks numbered by ONE global counter; each worker takes the
 *    next tick and the data provider picks `data[requestNumber % data.length]`. So a JSON array is
 *    cycled round-robin globally across all workers, in dispatch order — the same global order our
 *    autocannon driver uses. Template processing is disabled so ids in the data are sent verbatim
 *    and per-call cost stays constant.
 *  - Connections: `--connections K` creates K grpc.ClientConn (one HTTP/2 TCP connection each to a
 *    single address); workers are assigned to them round-robin; K must be <= -c.
 *  - `--duration-stop`: "close" (the default) closes the connections at -z, turning in-flight calls
 *    into UNAVAILABLE/CANCELLED errors; "ignore" drops them; "wait" lets them complete (each
 *    worker finishes its current call before stopping). Relix uses "wait".
 *  - `-z` makes ghz ignore -n. `-x` ("max duration with n respected") is broken in v0.120.0:
 *    WithConfig copies X into Z and NewConfig then sets n = MaxInt32 whenever z > 0, so -n is
 *    ignored (observed: `-n 50 -x 5s` ran 20k calls). With both total and durationMs we pass
 *    only -n and send ghz SIGINT at durationMs: it stops like at -z (with --duration-stop
 *    semantics), writes its report, and reports endReason "cancel".
 *  - `--rps` is a global constant pacer; if all workers are busy the tick waits (coordinated
 *    omission is never corrected: difference #7).
 *  - Default timeout is 20 s (we pass --timeout, default 10 s like autocannon's).
 *  - ghz uses every core by default (GOMAXPROCS = all); `cpus` maps to --cpus.
 *  - `ghz --version` prints "dev" for `go install` builds; the module version is then read from
 *    the binary's build info (`go version -m`).
 *
 * CPU: measured from the parent's cutime/cstime (see ./proc-cpu). ghz is multi-threaded, so the
 * interesting figure is average cores used; on a small machine it competes with the servers
 * (difference #9).
 */
import { execFile } from "node:child_process";
import { accessSync, constants as fsConstants, statSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile, copyFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { performance } from "node:perf_hooks";
import { parseLocalGrpcTarget } from "./local-target";
import { parseGhzReport, type ParsedGhzReport } from "./ghz-report";
import { runChildWithCpu } from "./proc-cpu";
import type { ToolRunResult } from "./sample";

const execFileP = promisify(execFile);

export interface GhzOptions {
  /** "HOST:PORT" on this machine (see local-target.ts); anything else is rejected. */
  target: string;
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
  /** -n: this many calls (with durationMs too: at most that long, see the module comment). */
  total?: number;
  /** --rps: overall rate limit. */
  rps?: number;
  /** Per-call timeout. Default 10000. */
  timeoutMs?: number;
  /** --cpus (GOMAXPROCS of ghz). Default: ghz's default (all cores). */
  cpus?: number;
  /** Default "wait"; the others exist to demonstrate difference #8. */
  durationStop?: "wait" | "close" | "ignore";
  /** Explicit binary (otherwise see resolveGhzBin). */
  ghzBin?: string;
  /** Keep a copy of the raw JSON report here (fixtures, debugging). */
  saveReportTo?: string;
  /** Stops ghz early (SIGINT: it finishes in-flight calls and writes its report). */
  signal?: AbortSignal;
  /** Heartbeat once per second while ghz runs (ghz gives no live numbers). */
  onProgress?: (p: { elapsedMs: number; second: number }) => void;
}

export interface GhzRunResult extends ToolRunResult {
  tool: "ghz";
  ghzBin: string;
  args: string[];
  /** Calls ghz completed; detailsCount of them have samples. */
  count: number;
  detailsCount: number;
  truncated: boolean;
  completeUntilMs: number;
  endReason: string;
  /** Spawn to exit, including ghz start-up and proto parsing. */
  processWallMs: number;
  toolCpuSource: "cutime" | "proc-poll" | "unavailable";
  /** toolCpuMs / processWallMs: average cores ghz kept busy. */
  toolCpuCores?: number;
  /** Cores on this machine (os.availableParallelism()). */
  machineCores: number;
  ghzRps?: number;
}

let cachedBin: string | undefined;

function isExecutableFile(p: string): boolean {
  try {
    if (!statSync(p).isFile()) return false;
    accessSync(p, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The ghz binary: $GHZ_BIN, then PATH, then ~/go/bin/ghz, then $(go env GOPATH)/bin/ghz.
 * Throws with the list of places tried.
 */
export async function resolveGhzBin(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env === process.env && cachedBin) return cachedBin;
  const tried: string[] = [];
  const found = (p: string): string => {
    if (env === process.env) cachedBin = p;
    return p;
  };
  if (env.GHZ_BIN) {
    tried.push(env.GHZ_BIN);
    if (isExecutableFile(env.GHZ_BIN)) return found(env.GHZ_BIN);
    throw new Error(`GHZ_BIN=${env.GHZ_BIN} is not an executable file`);
  }
  for (const dir of (env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const p = path.join(dir, "ghz");
    tried.push(p);
    if (isExecutableFile(p)) return found(p);
  }
  const home = env.HOME ?? os.homedir();
  const goBin = path.join(home, "go", "bin", "ghz");
  tried.push(goBin);
  if (isExecutableFile(goBin)) return found(goBin);
  try {
    const { stdout } = await execFileP("go", ["env", "GOPATH"], { timeout: 10_000, env });
    for (const gp of stdout.trim().split(path.delimiter).filter(Boolean)) {
      const p = path.join(gp, "bin", "ghz");
      tried.push(p);
      if (isExecutableFile(p)) return found(p);
    }
  } catch {
    tried.push("$(go env GOPATH)/bin/ghz (go not available)");
  }
  throw new Error(`ghz not found; tried: ${tried.join(", ")}. Install it or set GHZ_BIN.`);
}

/** "0.120.0" (or "dev" when neither the binary nor its build info says more). */
export async function ghzVersion(bin?: string): Promise<string> {
  const b = bin ?? (await resolveGhzBin());
  let reported = "";
  try {
    const { stdout, stderr } = await execFileP(b, ["--version"], { timeout: 10_000 });
    reported = (stdout || stderr).trim();
    const m = /v?(\d+\.\d+\.\d+[\w.+-]*)/.exec(reported);
    if (m) return m[1]!;
  } catch {
    // fall through
  }
  try {
    const { stdout } = await execFileP("go", ["version", "-m", b], { timeout: 10_000 });
    const m = /^\s*mod\s+github\.com\/bojand\/ghz\s+v?(\S+)/m.exec(stdout);
    if (m) return m[1]!;
  } catch {
    // fall through
  }
  return reported || "unknown";
}

function positiveInt(name: string, v: number, max: number): number {
  if (!Number.isInteger(v) || v < 1 || v > max) throw new Error(`${name} must be an integer in [1, ${max}]`);
  return v;
}

const goMs = (ms: number): string => `${Math.round(ms)}ms`;

/** Builds the ghz argument list (exported for tests). */
export function buildGhzArgs(opts: GhzOptions, files: { dataFile: string; outFile: string }): string[] {
  const target = parseLocalGrpcTarget(opts.target);
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
    opts.durationStop ?? "wait",
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

export async function runGhz(opts: GhzOptions): Promise<GhzRunResult> {
  parseLocalGrpcTarget(opts.target);
  if (!Array.isArray(opts.data) || opts.data.length === 0) throw new Error("data must be a non-empty array");
  for (const [i, d] of opts.data.entries()) {
    // ghz unmarshals an array into []map[string]interface{}: every element must be an object.
    if (typeof d !== "object" || d === null || Array.isArray(d)) throw new Error(`data[${i}] must be an object`);
  }
  const bin = opts.ghzBin ?? (await resolveGhzBin());
  const dir = await mkdtemp(path.join(os.tmpdir(), "relix-ghz-"));
  const dataFile = path.join(dir, "data.json");
  const outFile = path.join(dir, "report.json");
  const timers: NodeJS.Timeout[] = [];
  try {
    const args = buildGhzArgs(opts, { dataFile, outFile });
    await writeFile(dataFile, JSON.stringify(opts.data));
    const timeoutMs = opts.timeoutMs ?? 10_000;
    // Bounded: the run itself, the drain (<= one timeout), and start-up/report writing slack.
    const hardTimeoutMs = (opts.durationMs ?? 600_000) + timeoutMs + 30_000;
    if (opts.onProgress) {
      const cb = opts.onProgress;
      const t0 = performance.now();
      let second = 0;
      const tick = (): void => {
        second++;
        try {
          cb({ elapsedMs: performance.now() - t0, second });
        } catch {
          // ignore consumer errors
        }
        timers.push(setTimeout(tick, t0 + (second + 1) * 1000 - performance.now()));
      };
      timers.push(setTimeout(tick, 1000));
    }
    const child = await runChildWithCpu(bin, args, {
      hardTimeoutMs,
      maxOutputBytes: 64 * 1024,
      ...(opts.signal ? { signal: opts.signal } : {}),
      // -n with a time bound: ask ghz to stop (SIGINT) when the time is up; -x is broken.
      ...(opts.total !== undefined && opts.durationMs !== undefined ? { interruptAfterMs: opts.durationMs } : {}),
    });
    for (const t of timers) clearTimeout(t);
    if (child.exitCode !== 0) {
      throw new Error(
        `ghz exited with ${child.exitCode ?? child.signal}${child.killed ? " (killed after the hard timeout)" : ""}: ` +
          (child.stderr.trim() || child.stdout.trim()).slice(0, 2000),
      );
    }
    const text = await readFile(outFile, "utf8");
    if (opts.saveReportTo) await copyFile(outFile, opts.saveReportTo);
    const parsed: ParsedGhzReport = parseGhzReport(text);
    const notes = [...parsed.notes];
    const machineCores = os.availableParallelism();
    const toolCpuCores = child.cpuMs !== undefined ? child.cpuMs / child.wallMs : undefined;
    if (toolCpuCores !== undefined && toolCpuCores > 0.5 * machineCores) {
      notes.push(
        `ghz kept ${toolCpuCores.toFixed(2)} of ${machineCores} cores busy on average: it competes with the servers for CPU`,
      );
    }
    if (child.cpuSource === "proc-poll") notes.push("ghz CPU time from /proc polling (lower bound)");
    if (child.killed) notes.push("ghz was stopped by the hard timeout");
    if (child.interrupted) notes.push(`stopped at durationMs before all ${opts.total} calls were made`);
    else if (parsed.endReason && !["normal", "timeout"].includes(parsed.endReason)) {
      notes.push(`ghz end reason: ${parsed.endReason}`);
    }
    return {
      tool: "ghz",
      samples: parsed.samples,
      startedAtMs: parsed.startedAtMs,
      wallMs: parsed.wallMs,
      toolCpuMs: child.cpuMs,
      connections: opts.connections ?? 1,
      inFlight: opts.concurrency,
      notes,
      ghzBin: bin,
      args,
      count: parsed.count,
      detailsCount: parsed.detailsCount,
      truncated: parsed.truncated,
      completeUntilMs: parsed.completeUntilMs,
      endReason: parsed.endReason,
      processWallMs: child.wallMs,
      toolCpuSource: child.cpuSource,
      toolCpuCores,
      machineCores,
      ghzRps: parsed.ghzRps,
    };
  } finally {
    for (const t of timers) clearTimeout(t);
    await rm(dir, { recursive: true, force: true });
  }
}
