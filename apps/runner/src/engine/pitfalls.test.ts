/**
 * The ten known differences between autocannon and ghz numbers (docs/measurement.md), one `describe` each,
 * showing how Relix handles every one. The tools run against the real REST and gRPC services
 * (child processes over real Redis and MariaDB) with exactly the settings the engine uses
 * (autocannonOptionsFor / ghzOptionsFor), or through measureProtocol / runBenchmark themselves;
 * recorded tool output (tools/fixtures) where a fixture says enough. Windows are short: these
 * tests check definitions, not performance, so every bound is loose enough for a busy CI machine.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findingsOf,
  loadLoopFact,
  runFactFinding,
  runSpecSchema,
  type Protocol,
  type ProtocolMeasure,
  type RunSpecInput,
} from "@relix/core";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { type ServerStatsSnapshot } from "@relix/io";
import { buildGhzArgs, isOkCode, parseGhzReport, type ClientSample, type GhzReport } from "../tools";
import { FIXTURES } from "../tools/testing/helpers";
import {
  runAutocannonObserved,
  runGhzObserved,
  type AutocannonObserved,
  type GhzObserved,
} from "../tools/testing/tool-defaults";
import type { EngineContext } from "./engine-context";
import { autocannonOptionsFor } from "./measure/generators/autocannon-generator";
import { ghzOptionsFor } from "./measure/generators/ghz-generator";
import {
  loadPlanOf,
  measureProtocol,
  REQUEST_TIMEOUT_MS,
  singleRunPlan,
  type ProtocolRunPlan,
} from "./measure/measure-protocol";
import { grpcDataFor, restRequestsFor } from "./plan/protocol-requests";
import { runBenchmark } from "./run-benchmark";
import { restBaseUrl, type ServiceTargets } from "./launch/targets";
import { serverStats as readServerStats, testEngineContext } from "./testing/engine-context";
import { startLocalServices, type LocalServices } from "./testing/local-services";
import { clipWindow, figuresInWindow, windowOfSamples, type MeasuredWindow } from "./measure/window";

const require = createRequire(import.meta.url);

let local: LocalServices;
let targets: ServiceTargets;
let context: EngineContext;

beforeAll(async () => {
  local = await startLocalServices();
  targets = local.targets;
  // what `pnpm bench` reads at start-up and hands to the engine
  context = await testEngineContext(targets);
});

afterAll(async () => {
  await local?.services.stop();
});

/** One protocol run as the engine plans it; `requests` replaces the workload's own key sequence. */
function planFor(
  workloadId: string,
  protocol: Protocol,
  overrides: Partial<RunSpecInput> = {},
  requests?: unknown[],
): ProtocolRunPlan {
  const spec = runSpecSchema.parse({
    workloads: [workloadId],
    connections: 2,
    warmupMs: 0,
    durationMs: 500,
    ...overrides,
  });
  return singleRunPlan(workloadId, protocol, spec, requests);
}

/** The tools with exactly the engine's settings, plus their own summaries for the cross-checks. */
const restRun = (plan: ProtocolRunPlan, durationMs: number): Promise<AutocannonObserved> =>
  runAutocannonObserved(autocannonOptionsFor(loadPlanOf(plan, context, durationMs)));
const grpcRun = (plan: ProtocolRunPlan, durationMs: number): Promise<GhzObserved> =>
  runGhzObserved(ghzOptionsFor(loadPlanOf(plan, context, durationMs)));
const measure = (plan: ProtocolRunPlan): Promise<ProtocolMeasure> => measureProtocol(plan, context, () => {});
const begins = (samples: ClientSample[]) => samples.map((s) => s.endMs - s.latencyUs / 1000);
const servedBetween = (before: ServerStatsSnapshot, after: ServerStatsSnapshot) =>
  after.requests.requests - before.requests.requests;

const ghzFixture = JSON.parse(readFileSync(path.join(FIXTURES, "ghz-report.json"), "utf8")) as GhzReport & {
  latencyDistribution: Array<{ percentage: number; latency: number }>;
  histogram: Array<{ mark: number; count: number }>;
};

/** Both tools on noop for 800 ms, with the engine's settings: shared by #1 and #6. */
const noop: { rest?: AutocannonObserved; grpc?: GhzObserved } = {};
const NOOP_RUN_MS = 800;
beforeAll(async () => {
  noop.rest = await restRun(planFor("noop", "rest"), NOOP_RUN_MS);
  noop.grpc = await grpcRun(planFor("noop", "grpc"), NOOP_RUN_MS);
});

describe("#1 resolution: µs percentiles from every sample, not autocannon's integer table or ghz's 7 percentiles", () => {
  it("autocannon's own p50 is whole milliseconds; the same run's samples have µs resolution and give a fractional p50", () => {
    const r = noop.rest!;
    expect(Number.isInteger(r.autocannon.latencyP50Ms)).toBe(true);
    const ok = r.samples.filter((s) => s.ok);
    expect(ok.filter((s) => s.latencyUs % 1000 !== 0).length / ok.length).toBeGreaterThan(0.99);
    const { p50, p90 } = figuresInWindow(r.samples, windowOfSamples(r.samples, 0)).histogram.summary();
    // at µs resolution a whole-ms value happens ~1 time in 1000; both at once, ~never
    expect(Number.isInteger(p50) && Number.isInteger(p90)).toBe(false);
    // the integer table is that value cut to whole milliseconds
    expect(Math.abs(p50 - r.autocannon.latencyP50Ms)).toBeLessThan(1.001);
  });

  it("ghz reports 7 fixed percentiles and 11 linear buckets; Relix keeps every ns latency and adds p99.9, max and µs precision", () => {
    expect(ghzFixture.latencyDistribution.map((d) => d.percentage)).toEqual([10, 25, 50, 75, 90, 95, 99]);
    expect(ghzFixture.histogram).toHaveLength(11);
    const marks = ghzFixture.histogram.map((b) => b.mark);
    const step = marks[1]! - marks[0]!;
    marks.forEach((m, i) => expect(m - marks[0]!).toBeCloseTo(i * step, 9)); // linear: useless for a tail
    const parsed = parseGhzReport(ghzFixture);
    const figures = figuresInWindow(parsed.samples, windowOfSamples(parsed.samples, 0));
    const summary = figures.histogram.summary();
    expect(summary.count).toBe(parsed.samples.filter((s) => s.ok).length);
    for (const v of [summary.p50, summary.p99, summary.p999, summary.max]) expect(Number.isInteger(v)).toBe(false);
    // where ghz does report a percentile, Relix's agrees with it to HDR precision (3 significant digits)
    for (const [percentage, relix] of [
      [50, summary.p50],
      [90, summary.p90],
      [99, summary.p99],
    ] as const) {
      const ghzMs = ghzFixture.latencyDistribution.find((d) => d.percentage === percentage)!.latency / 1e6;
      expect(Math.abs(relix - ghzMs) / ghzMs, `p${percentage}`).toBeLessThan(0.002);
    }
  });

  it("a ghz report cut at its 1M-details limit shortens the gRPC window instead of undercounting rps", () => {
    const truncated = parseGhzReport({ ...ghzFixture, count: 1_000_005 });
    expect(truncated.truncated).toBe(true);
    const window: MeasuredWindow = { startMs: 0, endMs: 10_000 };
    const clipped = clipWindow(window, truncated.completeUntilMs);
    expect(clipped.endMs).toBe(truncated.completeUntilMs);
    const okInClipped = truncated.samples.filter((s) => s.ok && s.endMs < clipped.endMs).length;
    expect(figuresInWindow(truncated.samples, clipped).rps).toBeCloseTo(okInClipped / (clipped.endMs / 1000), 6);
    // a complete report leaves the window alone
    expect(clipWindow(window, Number.POSITIVE_INFINITY)).toBe(window);
  });
});

describe("#2 concurrency: the same requests in flight on both sides; TCP connections reported (gRPC's is a setting)", () => {
  const measures: Partial<Record<Protocol, { m: ProtocolMeasure; opened: number }>> = {};
  const DELAY_MS = 40;
  const IN_FLIGHT = 6;

  beforeAll(async () => {
    // echo answers after DELAY_MS on both APIs, so throughput = requests in flight / DELAY_MS (Little's law).
    for (const protocol of ["rest", "grpc"] as const) {
      const plan = planFor("echo", protocol, {
        connections: IN_FLIGHT,
        grpcConnections: 2,
        serverDelayMs: DELAY_MS,
        warmupMs: 200,
        durationMs: 1000,
      });
      const before = await readServerStats(targets, protocol);
      const m = await measure(plan);
      const after = await readServerStats(targets, protocol);
      measures[protocol] = { m, opened: after.wire.connectionsOpened - before.wire.connectionsOpened };
    }
  });

  it("reports in-flight requests and TCP connections for both: REST one request per connection, gRPC's workers over 2 HTTP/2 connections", () => {
    expect(measures.rest!.m.connections).toEqual({ tcp: IN_FLIGHT, inFlight: IN_FLIGHT });
    expect(measures.grpc!.m.connections).toEqual({ tcp: 2, inFlight: IN_FLIGHT });
  });

  it("the servers saw exactly those TCP connections", () => {
    expect(measures.grpc!.opened).toBe(2);
    // autocannon's 6, plus at most one keep-alive connection of the runner's own /stats polling
    expect(measures.rest!.opened).toBeGreaterThanOrEqual(IN_FLIGHT);
    expect(measures.rest!.opened).toBeLessThanOrEqual(IN_FLIGHT + 1);
  });

  it("both sides really kept the same number in flight: throughput matches in-flight / server delay on both", () => {
    const ceiling = IN_FLIGHT / (DELAY_MS / 1000); // 150 req/s if every response took exactly DELAY_MS
    for (const protocol of ["rest", "grpc"] as const) {
      const { rps, errors } = measures[protocol]!.m;
      expect(errors.total).toBe(0);
      expect(rps, protocol).toBeLessThanOrEqual(ceiling * 1.02);
      expect(rps, protocol).toBeGreaterThan(ceiling * 0.6);
    }
    // Little's law on each side: calls in flight = throughput x time each call took, whatever the
    // machine's speed (a side that kept 4 of 6 in flight reads 4). A little under IN_FLIGHT: the
    // client's own turn-around between a reply and the next request is in no call's latency. Over:
    // the calls that end in the window count whole, though each connection's first began before
    // it, so up to one call's latency per connection over the window's length.
    for (const protocol of ["rest", "grpc"] as const) {
      const { rps, latencyMs } = measures[protocol]!.m;
      const inFlight = rps * (latencyMs.mean / 1000);
      expect(inFlight, protocol).toBeGreaterThan(IN_FLIGHT * 0.8);
      expect(inFlight, protocol).toBeLessThanOrEqual(IN_FLIGHT * (1 + latencyMs.mean / 1000) * 1.01);
    }
  });
});

describe("#3 span: what each tool times, and a stream is one sample for its whole lifetime on both", () => {
  // autocannon: from writing the prebuilt HTTP request on the socket to the last byte parsed by its
  //   HTTP parser (the body is never JSON-decoded); the first request on a connection includes connect.
  // ghz: the whole RPC as grpc-go sees it (stream creation, protobuf encode, send, receive, protobuf
  //   decode); the first calls include the lazy dial. So gRPC's span includes decoding, REST's does not:
  //   Relix reports that asymmetry (and server time, the same span on both servers) instead of hiding it.
  // Streams: autocannon's response is the whole chunked NDJSON body; ghz's call is the whole server
  //   stream. Both give ONE sample per stream, timed until its last message.
  const MESSAGES = 10;
  const DELAY_MS = 5; // before each message

  it.each(["rest", "grpc"] as const)("%s: one sample per stream, spanning every message", async (protocol) => {
    const plan = planFor("stream", protocol, { streamMessages: MESSAGES, serverDelayMs: DELAY_MS });
    const before = await readServerStats(targets, protocol);
    const run = protocol === "rest" ? await restRun(plan, 600) : await grpcRun(plan, 600);
    const after = await readServerStats(targets, protocol);
    expect(run.samples.length).toBeGreaterThan(5);
    expect(run.samples.every((s) => s.ok)).toBe(true);
    // one sample per stream the server served, not one per message
    expect(run.samples.length).toBe(servedBetween(before, after));
    // Spanning every message: far more than one message's delay. libuv's timers run off a loop
    // clock cached in whole milliseconds, so each 5 ms sleep may end up to a millisecond early.
    for (const s of run.samples) expect(s.latencyUs).toBeGreaterThanOrEqual(MESSAGES * (DELAY_MS - 1) * 1000);
  });
});

/** Both tools on item.get where one id in three does not exist (404 / NOT_FOUND): shared by #4 and #5. */
const keys = [{ id: 1 }, { id: 2 }, { id: 999_999 }];
const mixed: { rest?: AutocannonObserved; grpc?: GhzObserved } = {};
const MIXED_WINDOW: MeasuredWindow = { startMs: 200, endMs: 1_000 };
beforeAll(async () => {
  mixed.rest = await restRun(planFor("item.get", "rest", {}, keys), 1_100);
  mixed.grpc = await grpcRun(planFor("item.get", "grpc", {}, keys), 1_100);
});

describe("#4 errors: non-OK responses are counted by code and left out of latency, on both sides", () => {
  const window = MIXED_WINDOW;
  const runs = mixed;

  it.each([
    ["rest", "404"],
    ["grpc", "NOT_FOUND"],
  ] as const)("%s: errors by code (%s), latency from successful responses only", (protocol, code) => {
    const samples = runs[protocol]!.samples;
    const figures = figuresInWindow(samples, window);
    const inWindow = samples.filter((s) => s.endMs >= window.startMs && s.endMs < window.endMs);
    expect(figures.errorsByCode).toEqual({ [code]: inWindow.filter((s) => !s.ok).length });
    expect(figures.errors).toBeGreaterThan(0);
    expect(figures.histogram.count).toBe(figures.ok);
    expect(figures.ok).toBe(inWindow.filter((s) => s.ok).length);
    // the key sequence is round-robin, so close to one error per two successes
    expect(figures.errors / figures.ok).toBeGreaterThan(0.4);
    expect(figures.errors / figures.ok).toBeLessThan(0.6);
  });

  it("what the tools do on their own: autocannon puts non-2xx latencies in its histogram, ghz counts errors in count and rps", () => {
    const rest = runs.rest!;
    expect(rest.autocannon.non2xx).toBeGreaterThan(0);
    expect(rest.autocannon.latencyCount).toBe(rest.autocannon.completed); // 200s and 404s alike
    const grpc = runs.grpc!;
    expect(grpc.count).toBe(grpc.samples.length); // ghz's count (and its rps) includes the NOT_FOUND calls
    expect(grpc.samples.filter((s) => !s.ok).length).toBeGreaterThan(0);
    expect(grpc.samples.filter((s) => !s.ok).every((s) => !isOkCode(s.code))).toBe(true);
  });
});

describe("#5 rate: rps = successful responses in the window / window length, for both tools", () => {
  const window = MIXED_WINDOW; // 0.8 s
  const runs = mixed;

  it.each(["rest", "grpc"] as const)("%s: the same definition, from the samples", (protocol) => {
    const samples = runs[protocol]!.samples;
    const okInWindow = samples.filter((s) => s.ok && s.endMs >= window.startMs && s.endMs < window.endMs).length;
    expect(figuresInWindow(samples, window).rps).toBeCloseTo(okInWindow / 0.8, 9);
  });

  it("ghz's own rps is count / total wall time: errors, the dial and the final drain included", () => {
    const r = runs.grpc!;
    expect(r.ghzRps).toBeCloseTo(r.count / (r.wallMs / 1000), 6);
    expect(r.wallMs).toBeGreaterThanOrEqual(Math.max(...r.samples.map((s) => s.endMs)));
    // a third of its calls failed, so its figure (count / wall, above) is ~1.5x the successful rate
    // over the same wall time (the window's rate would compare it with a different span, which a
    // slow dial stretches)
    expect(r.count).toBeGreaterThan(1.3 * r.samples.filter((s) => s.ok).length);
  });

  it("autocannon's own req/s is the mean of per-second counts of every response, non-2xx included", async () => {
    const autocannon = require("autocannon") as (opts: object) => Promise<{
      requests: { average: number; total: number };
      samples: number;
      "2xx": number;
      non2xx: number;
    }>;
    // plain autocannon, its defaults (1 s samples), the same three paths
    const own = await autocannon({
      url: restBaseUrl(targets),
      connections: 2,
      duration: 2,
      requests: keys.map(({ id }) => ({ method: "GET", path: `/v1/items/${id}` })),
    });
    expect(own.samples).toBe(2);
    expect(own.requests.total).toBe(own["2xx"] + own.non2xx);
    expect(own.non2xx).toBeGreaterThan(0);
    expect(Math.abs(own.requests.average - own.requests.total / own.samples) / own.requests.average).toBeLessThan(0.01);
    // Relix on the same kind of traffic counts the 200s only
    const relix = figuresInWindow(runs.rest!.samples, window);
    const everyResponse =
      runs.rest!.samples.filter((s) => s.endMs >= window.startMs && s.endMs < window.endMs).length / 0.8;
    expect(relix.rps).toBeLessThan(0.8 * everyResponse);
  });
});

describe("#6 warm-up: the same time window is dropped on both sides", () => {
  const window: MeasuredWindow = { startMs: 300, endMs: NOOP_RUN_MS };

  it("both tools' clocks start at their first request", () => {
    expect(Math.min(...begins(noop.grpc!.samples))).toBeCloseTo(0, 6); // ghz: by definition (earliest begin)
    const restFirst = Math.min(...begins(noop.rest!.samples));
    expect(restFirst).toBeGreaterThanOrEqual(-0.001);
    expect(restFirst).toBeLessThan(100); // autocannon queues its first requests as it builds its clients
  });

  it.each(["rest", "grpc"] as const)(
    "%s: everything that ended in the first 300 ms is dropped, by time not by count",
    (protocol) => {
      const samples = noop[protocol]!.samples;
      const figures = figuresInWindow(samples, window);
      const dropped = samples.filter((s) => s.endMs < window.startMs).length;
      expect(dropped).toBeGreaterThan(0);
      expect(figures.ok + figures.errors).toBe(
        samples.filter((s) => s.endMs >= window.startMs && s.endMs < window.endMs).length,
      );
    },
  );

  it("ghz's count-based warm-up (--skipFirst) is off; autocannon's -W is not used either", () => {
    const args = noop.grpc!.args;
    expect(args[args.indexOf("--skipFirst") + 1]).toBe("0");
    // one run, one clock: the warm-up is the first warmupMs of the samples
    expect(noop.rest!.samples.length).toBe(noop.rest!.requestsSent);
  });

  it("the window is half-open: a sample ending exactly at its start counts, one ending at its end does not", () => {
    const sample = (endMs: number): ClientSample => ({ endMs, latencyUs: 500, ok: true, code: "200" });
    const figures = figuresInWindow([sample(299.999), sample(300), sample(799.999), sample(800)], window);
    expect(figures.ok).toBe(2);
  });
});

describe("#7 coordinated omission: closed loop is service time; an open loop is corrected", () => {
  it("a closed-loop run is labelled service time", async () => {
    const spec = runSpecSchema.parse({ workloads: ["noop"], connections: 2, warmupMs: 0, durationMs: 500 });
    const result = await runBenchmark(spec, { services: local.services, context });
    expect(result.facts).toContainEqual(loadLoopFact(spec));
    const loop = findingsOf(result).filter((f) => f.kind === "load-loop");
    expect(loop).toHaveLength(1);
    expect(loop[0]!.text).toMatch(/^closed loop: 2 requests in flight.*service time/);
  });

  it.each([
    ["rest", "scheduled"],
    ["grpc", "expected-interval"],
  ] as const)(
    "%s at --rate: the open-loop note, the rate is kept, latency corrected (%s)",
    async (protocol, method) => {
      // Both send evenly (the REST driver on its own schedule, ghz's pacer): a window of [500, 1500)
      // holds one second of either.
      const plan = planFor("noop", protocol, { rate: 60, warmupMs: 500, durationMs: 1_000 });
      const m = await measure(plan);
      expect(runFactFinding(loadLoopFact(plan.spec)).text).toMatch(/open loop at 60 req\/s.*coordinated omission/);
      expect(m.rps).toBeGreaterThan(45);
      expect(m.rps).toBeLessThan(75);
      expect(m.latencyCorrection).toBe(method);
      expect(m.correctedLatencyMs!.count).toBeGreaterThanOrEqual(m.latencyMs.count);
      expect(m.correctedLatencyMs!.p50).toBeGreaterThanOrEqual(m.latencyMs.p50 * 0.99);
    },
  );

  it("autocannon's own rate (and its miscalibrated correction, interval ceil(1/rate) ms) is not used: its histogram holds real responses only", async () => {
    const plan = planFor("echo", "rest", { rate: 40, serverDelayMs: 20 });
    const r = await restRun(plan, 1_000);
    const ok = r.samples.filter((s) => s.ok).length;
    expect(ok).toBeGreaterThan(10);
    expect(figuresInWindow(r.samples, windowOfSamples(r.samples, 0)).histogram.count).toBe(ok);
    // With overallRate, ~20 ms latencies against its 1 ms "expected interval" added ~20 synthetic
    // values per response; the driver's own schedule leaves autocannon's histogram uncorrected.
    expect(r.autocannon.latencyCount).toBe(r.autocannon.completed);
    expect(r.samples.filter((s) => s.ok).every((s) => s.fromDueLatencyUs! >= s.latencyUs)).toBe(true);
  });
});

describe("#8 end of run: in-flight requests finish on both sides (ghz --duration-stop wait, autocannon drained)", () => {
  const DELAY_MS = 100;
  const STOP_MS = 500;

  it("the engine asks both tools to wait, with the same 10 s per-request timeout", () => {
    const rest = autocannonOptionsFor(loadPlanOf(planFor("noop", "rest"), context, STOP_MS));
    const grpc = ghzOptionsFor(loadPlanOf(planFor("noop", "grpc"), context, STOP_MS));
    // Waiting is not an option the engine could get wrong: runAutocannon always drains, and ghz is
    // always given --duration-stop wait (the tools' own ways live in tools/testing only).
    expect(rest).not.toHaveProperty("endOfRun");
    const args = buildGhzArgs(grpc, { dataFile: "/tmp/d.json", outFile: "/tmp/o.json" });
    expect(args[args.indexOf("--duration-stop") + 1]).toBe("wait");
    expect(rest.timeoutMs).toBe(REQUEST_TIMEOUT_MS);
    expect(grpc.timeoutMs).toBe(REQUEST_TIMEOUT_MS);
  });

  it.each(["rest", "grpc"] as const)(
    "%s: calls in flight at the stop complete OK, none is dropped or turned into an error",
    async (protocol) => {
      const plan = planFor("echo", protocol, { connections: 4, serverDelayMs: DELAY_MS });
      const before = await readServerStats(targets, protocol);
      const run = protocol === "rest" ? await restRun(plan, STOP_MS) : await grpcRun(plan, STOP_MS);
      const after = await readServerStats(targets, protocol);
      // No call turned into an error (ghz's --duration-stop close would make the ones in flight
      // CANCELED) and every call the server served is a sample (none dropped).
      expect(run.samples.filter((s) => !s.ok)).toEqual([]);
      expect(run.samples.length).toBe(servedBetween(before, after));
      // Finished after the stop. autocannon's clock starts with the run; ghz's samples count from
      // its first call, which a slow dial on a busy machine can push well past ghz's own start.
      if (protocol === "rest") expect(Math.max(...run.samples.map((s) => s.endMs))).toBeGreaterThan(STOP_MS);
      if (protocol === "rest") expect((run as AutocannonObserved).droppedInFlight).toBe(0);
    },
  );
  // With the tools' defaults the same runs lose their last calls: see the "'drop' ... 'wait'" test in
  // tools/autocannon/run-autocannon.test.ts and "--duration-stop wait leaves no in-flight error" in tools/ghz/run-ghz.test.ts.
});

describe("#9 generator limits: a saturated load generator is detected and surfaced", () => {
  it("a busy runner process flags autocannon as saturated, in the measure's facts and once in the run's findings", async () => {
    // Something else hogging the runner's event loop (90% busy) is what a saturated autocannon looks like.
    const hog = setInterval(() => {
      const until = performance.now() + 45;
      while (performance.now() < until);
    }, 50);
    let rest: ProtocolMeasure;
    try {
      rest = await measure(planFor("noop", "rest", { durationMs: 600 }));
    } finally {
      clearInterval(hog);
    }
    expect(rest.generator).toMatchObject({ tool: "autocannon", saturated: true });
    expect(rest.facts).toContainEqual(
      expect.objectContaining({ kind: "generator-saturated", tool: "autocannon", limit: "one-core" }),
    );
    // In the run's findings: once for the cell and protocol, in the words every output prints.
    const result = makeRunResult({ cells: [{ workload: "noop", trials: 1 }] });
    result.facts = [];
    const cell = result.cells[0]!;
    cell.trials[0]!.rest = rest;
    cell.trials[0]!.grpc.facts = [];
    cell.rest = { ...cell.rest, generator: rest.generator };
    const saturation = findingsOf(result).filter((f) => f.kind === "generator-saturated");
    expect(saturation).toHaveLength(1);
    expect(saturation[0]).toMatchObject({ severity: "warning", about: { workload: "noop", protocol: "rest" } });
    expect(saturation[0]!.text).toMatch(
      /^LOAD GENERATOR SATURATED: autocannon at \d+% CPU for REST noop, above 85% of its one core: /,
    );
    expect(rest.notes).toContain(saturation[0]!.text);
  });

  it("ghz's CPU share of the machine is measured, and flagged above half of it", async () => {
    const grpc = await measure(planFor("noop", "grpc", { durationMs: 500 }));
    expect(grpc.generator.tool).toBe("ghz");
    expect(grpc.generator.cpuFraction).toBeGreaterThan(0);
    expect(grpc.generator.saturated).toBe(grpc.generator.cpuFraction! > 0.5);
    expect(grpc.facts!.some((f) => f.kind === "generator-saturated")).toBe(grpc.generator.saturated);
  });
});

describe("#10 cache parity: the same ids in the same order on both sides, so the same cache hit ratio", () => {
  it("both tools get the workload's one key sequence, in order", () => {
    const plan = planFor("item.get", "rest", { keyCount: 37 });
    const expected = plan.requests.map((r) => (r as { id: number }).id);
    expect(expected).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
    const restIds = autocannonOptionsFor(loadPlanOf(plan, context, 500)).requests.map((r) =>
      Number(/\/v1\/items\/(\d+)$/.exec(r.path)![1]),
    );
    const grpcIds = ghzOptionsFor(loadPlanOf(plan, context, 500)).data.map((d) => (d as { id: number }).id);
    expect(restIds).toEqual(expected);
    expect(grpcIds).toEqual(expected);
    expect(restRequestsFor(plan.workload, plan.requests, "warm", 0)).toHaveLength(37);
    expect(grpcDataFor(plan.workload, plan.requests)).toHaveLength(37);
    // Each tool consumes it in ONE global round-robin order across its connections / workers (not
    // per connection, autocannon's default): proven against servers that count every id in
    // tools/autocannon/run-autocannon.test.ts and tools/ghz/run-ghz.test.ts ("... ONE global round-robin order ...").
  });

  it("a warm run sees the same server-side hit ratio on both protocols", async () => {
    const spec = runSpecSchema.parse({
      workloads: ["item.get"],
      cacheModes: ["warm"],
      connections: 4,
      warmupMs: 200,
      durationMs: 500,
      keyCount: 50,
    });
    const result = await runBenchmark(spec, { services: local.services, context });
    const [cell] = result.cells;
    expect(cell!.rest.server.cacheHitRatio).toBe(1);
    expect(cell!.grpc.server.cacheHitRatio).toBe(cell!.rest.server.cacheHitRatio);
  });
});
