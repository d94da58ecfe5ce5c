import {
  ghzCallName,
  type CacheMode,
  type Protocol,
  type ProtocolMeasure,
  type RunSpec,
  type Workload,
} from "@relix/core";
import { PROTO_FILE_OF_SERVICE, PROTO_ROOT, protoFileFor } from "@relix/io";
import { runAutocannon, runGhz, type AutocannonOptions, type GhzOptions, type ToolRunResult } from "../tools";
import { RunCancelledError, type CellRef, type RunEvent } from "./run-events";
import { grpcDataFor, restRequestsFor } from "./protocol-requests";
import { readServerStats, serverDelta } from "./server-stats";
import { grpcTarget, restBaseUrl, type ServiceTargets } from "./targets";
import { clipWindow, figuresInWindow, windowOfSamples, type MeasuredWindow } from "./window";

/** After the window closes, in-flight requests get this long to finish so none is cut short. */
const TAIL_MS = 250;
/** ghz's CPU share of the whole machine above which it may have competed with the servers. */
const GHZ_COMPETING_SHARE = 0.5;
/** Count mode still stops by itself: at most this long per protocol run. */
const COUNT_MODE_BOUND_MS = 300_000;

export interface ProtocolRunPlan {
  workload: Workload;
  cacheMode: CacheMode;
  requests: unknown[];
  spec: RunSpec;
  cell: CellRef;
  signal?: AbortSignal;
}

/** Polls the server's /stats once a second: the live samples, from the same source for both protocols. */
function startLiveSamples(targets: ServiceTargets, plan: ProtocolRunPlan, onEvent: (e: RunEvent) => void) {
  let second = 0;
  const timer = setInterval(() => {
    second++;
    const at = second;
    readServerStats(targets, plan.cell.protocol).then(
      (stats) =>
        onEvent({
          type: "sample",
          cell: plan.cell,
          second: at,
          requests: stats.interval.count,
          errors: stats.interval.errors,
          p50Ms: stats.interval.p50Ms,
          p99Ms: stats.interval.p99Ms,
          // The second [at-1, at) overlaps the warm-up: the page shades it.
          warmup: (at - 1) * 1000 < plan.spec.warmupMs,
        }),
      () => {},
    );
  }, 1_000);
  return () => clearInterval(timer);
}

/** Per-request timeout on both sides (autocannon's default is 10 s, ghz's 20 s: difference #8). */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * autocannon's settings for one protocol run. With ghzOptionsFor, the one place where the
 * engine decides how each tool is driven (the pitfall tests run the tools with exactly these):
 * the same in-flight requests (connections x pipelining 1 = ghz -c), the same key sequence in
 * the same global order, in-flight requests allowed to finish at the end, the same timeout.
 */
export function autocannonOptionsFor(
  plan: ProtocolRunPlan,
  targets: ServiceTargets,
  durationMs: number,
  total?: number,
): AutocannonOptions {
  const { spec, workload, cacheMode, requests } = plan;
  return {
    url: restBaseUrl(targets),
    requests: restRequestsFor(workload, requests, cacheMode, spec.serverDelayMs),
    connections: spec.connections,
    pipelining: 1,
    // Count mode: the duration is only a bound; the run ends after `total` requests.
    durationMs: total ? COUNT_MODE_BOUND_MS : durationMs,
    ...(total ? { amount: total } : {}),
    ...(spec.rate ? { rate: spec.rate } : {}),
    timeoutMs: REQUEST_TIMEOUT_MS,
    endOfRun: "wait",
    ...(plan.signal ? { signal: plan.signal } : {}),
  };
}

/** ghz's settings for one protocol run (see autocannonOptionsFor). */
export function ghzOptionsFor(
  plan: ProtocolRunPlan,
  targets: ServiceTargets,
  durationMs: number,
  total?: number,
): GhzOptions {
  const { spec, workload, cacheMode, requests } = plan;
  return {
    target: grpcTarget(targets),
    protoFile: protoFileFor(PROTO_FILE_OF_SERVICE[workload.grpc.service]),
    importPaths: [PROTO_ROOT],
    call: ghzCallName(workload),
    data: grpcDataFor(workload, requests),
    metadata: { "x-relix-cache": cacheMode, "x-relix-delay-ms": String(spec.serverDelayMs) },
    concurrency: spec.connections,
    connections: spec.grpcConnections,
    ...(total ? { total } : { durationMs }),
    ...(spec.rate ? { rps: spec.rate } : {}),
    timeoutMs: REQUEST_TIMEOUT_MS,
    durationStop: "wait",
    ...(plan.signal ? { signal: plan.signal } : {}),
  };
}

interface ToolRun extends ToolRunResult {
  saturated: boolean;
  cpuFraction: number | null;
  /** Samples are complete up to here (ghz keeps at most 1M call details); Infinity otherwise. */
  completeUntilMs: number;
}

async function runTool(
  protocol: Protocol,
  plan: ProtocolRunPlan,
  targets: ServiceTargets,
  durationMs: number,
  total?: number,
): Promise<ToolRun> {
  if (protocol === "rest") {
    const result = await runAutocannon(autocannonOptionsFor(plan, targets, durationMs, total));
    return {
      ...result,
      saturated: result.generatorSaturated,
      cpuFraction: result.toolCpuCoreFraction,
      completeUntilMs: Number.POSITIVE_INFINITY,
    };
  }
  const result = await runGhz(ghzOptionsFor(plan, targets, durationMs, total));
  const share = result.toolCpuCores === undefined ? null : result.toolCpuCores / result.machineCores;
  return { ...result, saturated: share !== null && share > GHZ_COMPETING_SHARE, cpuFraction: share };
}

/**
 * How the load was offered, on every measure: a closed loop measures service time; an open
 * loop is not corrected for coordinated omission by either tool (difference #7).
 */
export function loopNote(spec: Pick<RunSpec, "rate" | "connections">): string {
  return spec.rate === undefined
    ? `closed loop: ${spec.connections} requests in flight, each sent when the previous one returned, so latency is service time (no schedule, hence no coordinated-omission correction)`
    : `open loop at ${spec.rate} req/s: latency is timed from each request's actual send, not its scheduled time; neither tool corrects coordinated omission ` +
        `(ghz waits for a free worker, autocannon sends each connection's per-second budget in bursts), so queueing behind ${spec.connections} busy in-flight slots is not in these figures`;
}

/**
 * One protocol, one cell, one trial: run the tool for warm-up + window (+ a tail), keep the
 * samples of the window, and diff the server's counters around the run.
 */
export async function measureProtocol(
  plan: ProtocolRunPlan,
  targets: ServiceTargets,
  onEvent: (e: RunEvent) => void,
): Promise<ProtocolMeasure> {
  const { spec, cell } = plan;
  const protocol = cell.protocol;
  const before = await readServerStats(targets, protocol, { resetPeakRss: true });
  const stopSamples = startLiveSamples(targets, plan, onEvent);
  let tool: ToolRun;
  let window: MeasuredWindow;
  const notes: string[] = [];
  try {
    if (spec.requests) {
      // Count mode: a time-boxed warm-up run (discarded), then N requests timed. The new run opens
      // new connections, so one extra request per in-flight slot is sent and its completion
      // dropped: the handshakes stay out of the window, which then holds exactly N.
      if (spec.warmupMs > 0) await runTool(protocol, plan, targets, spec.warmupMs);
      tool = await runTool(protocol, plan, targets, 0, spec.requests + spec.connections);
      window = windowOfSamples(tool.samples, spec.connections);
    } else {
      tool = await runTool(protocol, plan, targets, spec.warmupMs + spec.durationMs + TAIL_MS);
      window = { startMs: spec.warmupMs, endMs: spec.warmupMs + spec.durationMs };
    }
  } finally {
    stopSamples();
  }
  // A cancelled run stops its tool early; what it measured is not a result.
  if (plan.signal?.aborted) throw new RunCancelledError();
  const after = await readServerStats(targets, protocol);
  const complete = clipWindow(window, tool.completeUntilMs);
  if (complete.endMs < window.endMs) {
    notes.push(
      `ghz kept per-call details only until ${complete.endMs.toFixed(0)} ms: the gRPC window was shortened to ` +
        `${((complete.endMs - complete.startMs) / 1000).toFixed(2)} s so rps is not undercounted; shorten the window or lower the rate`,
    );
  }
  const figures = figuresInWindow(tool.samples, complete);
  const server = serverDelta(before, after, plan.workload.usesCache);
  notes.push(loopNote(spec), ...tool.notes);
  if (tool.saturated) {
    notes.push(
      protocol === "rest"
        ? "autocannon used more than 85% of its one core: the load generator may have been the bottleneck"
        : "ghz used more than half of the machine's CPU: it competed with the services for cores",
    );
  }
  return {
    protocol,
    rps: figures.rps,
    requests: figures.ok,
    errors: { total: figures.errors, byCode: figures.errorsByCode },
    latencyMs: figures.histogram.summary(),
    histogram: figures.histogram.encode(),
    timeline: figures.timeline,
    // What the tool really used (autocannon opens fewer connections when --rate is below them).
    connections: { tcp: tool.connections, inFlight: tool.inFlight },
    server: {
      cpuMsPer1000: server.cpuMsPer1000,
      peakRssBytes: server.peakRssBytes,
      serverTimeMsMean: server.serverTimeMsMean,
      cacheHitRatio: server.cacheHitRatio,
      wireBytesPerRequest: server.wireBytesPerRequest,
    },
    generator: {
      tool: protocol === "rest" ? "autocannon" : "ghz",
      cpuFraction: tool.cpuFraction,
      saturated: tool.saturated,
    },
    notes,
  };
}
