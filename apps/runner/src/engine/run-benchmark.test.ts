/**
 * The engine end to end: real REST and gRPC services (child processes, as `pnpm bench` runs
 * them) over real Redis and MariaDB, driven by the real autocannon and ghz, with windows short
 * enough for CI. What is asserted is what a user reads in a result.
 */
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  decodeLatencyHistogram,
  getWorkload,
  runResultSchema,
  runSpecSchema,
  type CellResult,
  type ProtocolMeasure,
  type RunResult,
} from "@relix/core";
import { findingsOf, ONE_CORE_LIMIT } from "@relix/core";
import { assumedSpreads } from "@relix/core/presets/calibrations/reference-run-to-run";
import { runToRunScope } from "@relix/core/stats/run-to-run-book";
import type { ClientSample } from "../tools";
import type { EngineContext } from "./engine-context";
import { ghzGenerator } from "./measure/generators/ghz-generator";
import { generatorRegistry } from "./measure/generators/registry";
import type { LoadGenerator } from "./measure/load-generator";
import { restRequestsFor } from "./plan/protocol-requests";
import { measureProtocol } from "./measure/measure-protocol";
import { preflight, PreflightMismatchError } from "./launch/preflight";
import { runBenchmark } from "./run-benchmark";
import { RunCancelledError, type CellRef, type RunEvent } from "./run-events";
import { restBaseUrl, type ServiceTargets } from "./launch/targets";
import { serverStats as readServerStats, testEngineContext } from "./testing/engine-context";
import { childProcessesNamed, startLocalServices, type LocalServices } from "./testing/local-services";

let local: LocalServices;
/** What the CLI or the runner service would have read at start-up. */
let context: EngineContext;

beforeAll(async () => {
  local = await startLocalServices();
  context = await testEngineContext(local.targets);
});

afterAll(async () => {
  await local?.services.stop();
});

const measuresOf = (cell: CellResult): ProtocolMeasure[] => cell.trials.flatMap((t) => [t.rest, t.grpc]);

describe("runBenchmark: item.get in warm and cold mode, 2 trials, against the real services", () => {
  let result: RunResult;
  const events: RunEvent[] = [];

  beforeAll(async () => {
    const spec = runSpecSchema.parse({
      workloads: ["item.get"],
      cacheModes: ["warm", "cold"],
      connections: 4,
      warmupMs: 250,
      durationMs: 500,
      trials: 2,
      keyCount: 20,
    });
    result = await runBenchmark(spec, {
      services: local.services,
      context,
      onEvent: (e) => events.push(e),
      runId: "engine-test-run-1",
    });
  });

  it("returns a valid relix.result/v1 document (also after a JSON round trip)", () => {
    expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
    expect(result.id).toBe("engine-test-run-1");
    expect(result.cells.map((c) => c.cacheMode)).toEqual(["warm", "cold"]);
    expect(result.environment.backends).toMatchObject({ cache: "redis", store: "mysql" });
    expect(result.environment.versions.ghz).toMatch(/^\d+\.\d+/);
    expect(result.environment.versions.autocannon).toMatch(/^\d+\.\d+/);
  });

  it("has successful samples on both protocols in every trial, and rps > 0", () => {
    for (const cell of result.cells) {
      for (const m of measuresOf(cell)) {
        expect(m.requests, `${cell.cacheMode} ${m.protocol}`).toBeGreaterThan(20);
        expect(m.latencyMs.count).toBe(m.requests);
        expect(decodeLatencyHistogram(m.histogram).count).toBe(m.requests);
        expect(m.rps).toBeGreaterThan(0);
        expect(m.errors.total).toBe(0);
      }
      expect(cell.rest.rps).toBeGreaterThan(0);
      expect(cell.grpc.rps).toBeGreaterThan(0);
    }
  });

  it("reports latency with sub-millisecond resolution (not autocannon's whole milliseconds)", () => {
    const all = result.cells.flatMap(measuresOf);
    const values = all.flatMap((m) => [m.latencyMs.p50, m.latencyMs.p90, m.latencyMs.p99, m.latencyMs.mean]);
    // Whole-ms values by chance are ~1 in 1000 at µs resolution.
    expect(values.filter((v) => !Number.isInteger(v)).length).toBeGreaterThanOrEqual(values.length - 1);
    for (const m of all) {
      // Distinct latencies inside one millisecond: the histogram itself resolves below 1 ms.
      const curve = decodeLatencyHistogram(m.histogram)
        .percentileCurve(100)
        .map((p) => p.latencyMs);
      const withinOneMs = curve.filter(
        (v, i) => i > 0 && v !== curve[i - 1] && Math.floor(v) === Math.floor(curve[i - 1]!),
      );
      expect(withinOneMs.length, m.protocol).toBeGreaterThan(0);
    }
  });

  it("alternates the protocol order from trial to trial, and from cell to cell within a trial", () => {
    // warm's trials, then cold's: each cell's order turns between its trials, and cold starts a trial on the other side from warm.
    const orders = result.cells.flatMap((c) => c.trials.map((t) => t.order.join(",")));
    expect(orders).toEqual(["rest,grpc", "grpc,rest", "grpc,rest", "rest,grpc"]);
    // ...and the events show each trial's two protocols started (warm-up) in that order, then ended.
    const starts = events.filter((e): e is Extract<RunEvent, { type: "cell-start" }> => e.type === "cell-start");
    const lifecycle = events.filter((e) => e.type === "cell-start" || e.type === "cell-end");
    expect(starts).toHaveLength(8);
    lifecycle.forEach((e, i) => expect(e.type).toBe(i % 4 < 2 ? "cell-start" : "cell-end"));
    // Trial-major: trial 1 of warm and of cold, then trial 2 of each.
    expect(starts.map((s) => `${s.cell.cacheMode} ${s.cell.trial} ${s.cell.protocol}`)).toEqual([
      "warm 1 rest",
      "warm 1 grpc",
      "cold 1 grpc",
      "cold 1 rest",
      "warm 2 grpc",
      "warm 2 rest",
      "cold 2 rest",
      "cold 2 grpc",
    ]);
  });

  it("measures each trial's protocols in slices that take turns, and pairs them for the interval", () => {
    let sliced = 0;
    for (const cell of result.cells) {
      let pairs = 0;
      for (const trial of cell.trials) {
        const [rest, grpc] = [trial.rest.slices, trial.grpc.slices];
        // Both sides take turns, or (a window too thin for four slices of 30 calls) neither does.
        expect(rest === undefined).toBe(grpc === undefined);
        if (!rest || !grpc) continue;
        // 500 ms windows: up to five slices of 100 ms a side, as many on each side.
        expect(rest.calls.length).toBe(grpc.calls.length);
        expect(rest.calls.length).toBeGreaterThanOrEqual(4);
        // The slices' calls are the window's calls.
        expect(rest.calls.reduce((a, b) => a + b, 0)).toBe(trial.rest.requests);
        expect(grpc.calls.reduce((a, b) => a + b, 0)).toBe(trial.grpc.requests);
        pairs += rest.p50Ms.filter((v, i) => v !== null && grpc.p50Ms[i] !== null).length;
        sliced++;
      }
      const p50 = cell.comparisons.find((c) => c.metric === "p50")!;
      if (cell.trials.every((t) => t.rest.slices) && pairs >= 4) {
        expect(p50.ci).toMatchObject({ method: "paired-slices", pairs });
        expect(p50.text).toContain(`${pairs} paired slices`);
      }
    }
    // item.get warm at 4 in flight serves thousands of calls a second: its trials are sliced.
    expect(sliced).toBeGreaterThanOrEqual(2);
  });

  it("states a verdict for every cell, with its comparisons", () => {
    // The two questions in one sentence: latency at one call in flight (4 in flight is a closed loop
    // of more than one, so the pair was measured again at one), calls per core at the cell's own 4.
    const noWinner = "(?:not enough to tell|the same within \\d+(?:\\.\\d+)?%)";
    // Servers busy under 0.8 of a core: capacity names no side and says how busy each was.
    const busy = "\\d+(?:\\.\\d)?%";
    const unsaturated = `not saturated \\(REST busy ${busy} of a core, gRPC ${busy}\\)`;
    const answers = "answers \\d+\\.\\d{2}x sooner at one call in flight";
    const serves = "serves \\d+\\.\\d{2}x the calls per core at 4 in flight";
    const latency = `(?:(?:gRPC|REST) ${answers}|latency at one call in flight: ${noWinner})`;
    const capacity = `(?:(?:gRPC|REST) ${serves}|calls per core at 4 in flight: (?:${noWinner}|${unsaturated}))`;
    const sentence = new RegExp(`^(?:(?:gRPC|REST) ${answers} and ${serves}|${latency}; ${capacity})$`);
    for (const cell of result.cells) {
      expect(cell.verdict).toMatch(sentence);
      expect(cell.questions?.text).toBe(cell.verdict);
      // Latency is read from the pair at one call in flight, capacity from the cell's own load.
      expect(cell.lightLoad?.inFlight).toBe(1);
      expect(cell.questions?.latency.load).toBe("one-in-flight");
      expect(cell.questions?.latency.p50).toEqual(cell.lightLoad?.comparisons.find((c) => c.metric === "p50"));
      expect(cell.questions?.capacity.comparison).toEqual(cell.comparisons.find((c) => c.metric === "capacity"));
      expect(cell.comparisons.map((c) => c.metric).sort()).toEqual(["capacity", "p50", "p99", "rps"]);
      for (const c of cell.comparisons) expect(c.text.length).toBeGreaterThan(10);
    }
  });

  it("reports plausible payload sizes: item.get is ~110 B of JSON and less as protobuf", () => {
    for (const cell of result.cells) {
      expect(cell.payload.rest.responseBodyBytes).toBeGreaterThanOrEqual(80);
      expect(cell.payload.rest.responseBodyBytes).toBeLessThanOrEqual(160);
      expect(cell.payload.grpc.responseBodyBytes).toBeGreaterThan(20);
      expect(cell.payload.grpc.responseBodyBytes).toBeLessThan(cell.payload.rest.responseBodyBytes);
      expect(cell.payload.rest.requestBodyBytes).toBe(0); // a GET
      expect(cell.payload.grpc.requestBodyBytes).toBeGreaterThan(0); // GetItemRequest { id }
    }
  });

  it("measures wire bytes per request at the servers' sockets, above the body bytes", () => {
    for (const cell of result.cells) {
      for (const protocol of ["rest", "grpc"] as const) {
        const wire = cell[protocol].server.wireBytesPerRequest!;
        expect(wire, protocol).not.toBeNull();
        expect(wire.sent).toBeGreaterThan(cell.payload[protocol].responseBodyBytes);
        expect(wire.received).toBeGreaterThan(cell.payload[protocol].requestBodyBytes);
      }
      // HTTP/1.1 repeats its headers on every request; HPACK does not.
      expect(cell.rest.server.wireBytesPerRequest!.received).toBeGreaterThan(
        cell.grpc.server.wireBytesPerRequest!.received,
      );
    }
  });

  it("measures server CPU per 1,000 requests, server time and peak RSS for both APIs", () => {
    for (const m of result.cells.flatMap(measuresOf)) {
      expect(m.server.cpuMsPer1000, m.protocol).toBeGreaterThan(0);
      expect(m.server.serverTimeMsMean).toBeGreaterThan(0);
      expect(m.server.peakRssBytes).toBeGreaterThan(10 * 1024 * 1024);
      expect(m.generator.cpuFraction).toBeGreaterThan(0);
    }
  });

  it("sees a cache hit ratio of 1 in warm mode and none in cold mode, on both protocols", () => {
    const [warm, cold] = result.cells;
    for (const m of measuresOf(warm!)) expect(m.server.cacheHitRatio, m.protocol).toBe(1);
    for (const m of measuresOf(cold!)) expect(m.server.cacheHitRatio, m.protocol).toBeNull();
  });

  it("reports its progress: phases in order, live samples, and a final fraction of 1", () => {
    const phases = events.filter((e) => e.type === "phase").map((e) => (e as { phase: string }).phase);
    expect([...new Set(phases)]).toEqual(["services", "preflight", "measuring", "aggregating"]);
    const progress = events.filter((e): e is Extract<RunEvent, { type: "progress" }> => e.type === "progress");
    expect(progress.at(-1)!.fraction).toBe(1);
  });
});

/** A REST double answering item.get with something other than the payload (study 002's bug). */
async function startLyingRestServer(real: ServiceTargets, lie: (item: Record<string, unknown>) => unknown) {
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const upstream = await fetch(`${restBaseUrl(real)}${req.url}`, { headers: req.headers as Record<string, string> });
    const item = (await upstream.json()) as Record<string, unknown>;
    const body = JSON.stringify(lie(item));
    res
      .writeHead(upstream.status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
      .end(body);
  };
  const server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("preflight refuses to measure when REST and gRPC answer differently", () => {
  const CLASS_NAME = "Relix.Api.Models.ItemDto";

  it.each([
    {
      what: "the whole body is a class name (002's by-id endpoints)",
      lie: () => CLASS_NAME,
      names: /\$: REST "Relix\.Api\.Models\.ItemDto" vs gRPC \{/,
    },
    {
      what: "one field holds a class name",
      lie: (item: Record<string, unknown>) => ({ ...item, name: CLASS_NAME }),
      names: /\$\.name: REST "Relix\.Api\.Models\.ItemDto" vs gRPC "/,
    },
  ])("$what", async ({ lie, names }) => {
    const fake = await startLyingRestServer(local.targets, lie);
    try {
      const targets = { ...local.targets, restPort: fake.port };
      const attempt = preflight(targets, getWorkload("item.get"), [{ id: 1 }], "warm");
      await expect(attempt).rejects.toBeInstanceOf(PreflightMismatchError);
      await expect(attempt).rejects.toThrow(
        /^preflight: item\.get answers differ between REST and gRPC, refusing to measure/,
      );
      await expect(attempt).rejects.toThrow(names);
    } finally {
      await fake.close();
    }
  });

  it("runBenchmark stops before measuring anything", async () => {
    const fake = await startLyingRestServer(local.targets, (item) => ({ ...item, name: CLASS_NAME }));
    // The engine sends load where its caller says: here, REST is the lying double.
    const lied = { ...context, targets: { ...local.targets, restPort: fake.port } };
    const events: RunEvent[] = [];
    try {
      const spec = runSpecSchema.parse({ workloads: ["item.get"], durationMs: 500, warmupMs: 0, keyCount: 3 });
      await expect(
        runBenchmark(spec, { services: local.services, context: lied, onEvent: (e) => events.push(e) }),
      ).rejects.toThrow(/\$\.name/);
      expect(events.some((e) => e.type === "cell-start")).toBe(false);
      expect(events.some((e) => e.type === "phase" && e.phase === "measuring")).toBe(false);
    } finally {
      await fake.close();
    }
  });
});

describe("cancellation", () => {
  /** The tool is gone when nothing reaches the service any more and no ghz process is left. */
  async function expectNoToolRunning(protocol: "rest" | "grpc") {
    expect(childProcessesNamed("ghz")).toEqual([]);
    const first = await readServerStats(local.targets, protocol);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await readServerStats(local.targets, protocol);
    expect(second.requests.requests).toBe(first.requests.requests);
  }

  it("an AbortSignal during the REST run rejects with RunCancelledError within a moment", async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    const spec = runSpecSchema.parse({ workloads: ["noop"], connections: 2, durationMs: 5_000, warmupMs: 0 });
    const run = runBenchmark(spec, {
      services: local.services,
      context,
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === "cell-start") {
          setTimeout(() => {
            abortedAt = performance.now();
            controller.abort();
          }, 300);
        }
      },
    });
    await expect(run).rejects.toBeInstanceOf(RunCancelledError);
    // in-flight requests drain (noop: sub-millisecond), so far less than the 5 s window
    expect(performance.now() - abortedAt).toBeLessThan(2_000);
    await expectNoToolRunning("rest");
  });

  it("an AbortSignal during the gRPC run stops ghz and rejects with RunCancelledError", async () => {
    const controller = new AbortController();
    const spec = runSpecSchema.parse({ workloads: ["noop"], connections: 2, durationMs: 5_000, warmupMs: 0 });
    const cell: CellRef = {
      workload: "noop",
      cacheMode: "none",
      trial: 1,
      trials: 1,
      protocol: "grpc",
      index: 1,
      total: 1,
    };
    const started = performance.now();
    setTimeout(() => controller.abort(), 500);
    const run = measureProtocol(
      { workload: getWorkload("noop"), cacheMode: "warm", requests: [{}], spec, cell, signal: controller.signal },
      context,
      () => {},
    );
    await expect(run).rejects.toBeInstanceOf(RunCancelledError);
    expect(performance.now() - started).toBeLessThan(3_000);
    await expectNoToolRunning("grpc");
  });

  it("an already aborted signal cancels before any load is sent", async () => {
    const before = await readServerStats(local.targets, "rest");
    const spec = runSpecSchema.parse({ workloads: ["noop"], durationMs: 500 });
    await expect(
      runBenchmark(spec, { services: local.services, context, signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(RunCancelledError);
    expect((await readServerStats(local.targets, "rest")).requests.requests).toBe(before.requests.requests);
  });

  it("cancelling before the services are checked is reported as a cancelled run too", async () => {
    const spec = runSpecSchema.parse({ workloads: ["noop"], durationMs: 500 });
    // No `services` option: the engine would check for (or start) the services itself.
    await expect(runBenchmark(spec, { context, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      RunCancelledError,
    );
    expect((await fetch(`${restBaseUrl(local.targets)}/healthz`)).ok).toBe(true);
  });
});

/**
 * A load generator the engine has never heard of: closed-loop fetch() calls, one loop per request
 * in flight. Registered in place of autocannon, it is driven through the same engine path.
 */
const fetchLoop: LoadGenerator = {
  measures: "rest",
  tool: "fetch-loop",
  statsUrl: restBaseUrl,
  version: async () => "1.0.0",
  async run(plan) {
    const requests = restRequestsFor(plan.workload, plan.requests, plan.cacheMode, plan.spec.serverDelayMs);
    const samples: ClientSample[] = [];
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let next = 0;
    const loop = async () => {
      while (performance.now() - t0 < plan.durationMs && !plan.signal?.aborted) {
        const request = requests[next++ % requests.length]!;
        const sent = performance.now();
        const response = await fetch(`${restBaseUrl(plan.targets)}${request.path}`, {
          method: request.method,
          headers: request.headers ?? {},
        });
        await response.arrayBuffer();
        const done = performance.now();
        const ok = response.status >= 200 && response.status < 300;
        samples.push({ endMs: done - t0, latencyUs: (done - sent) * 1000, ok, code: String(response.status) });
      }
    };
    await Promise.all(Array.from({ length: plan.spec.connections }, loop));
    const cpu = process.cpuUsage(cpu0);
    return {
      samples,
      connections: plan.spec.connections,
      inFlight: plan.spec.connections,
      cpu: {
        threads: "one",
        coreFraction: (cpu.user + cpu.system) / 1000 / (performance.now() - t0),
        eventLoopUtilization: 0,
      },
      completeUntilMs: Number.POSITIVE_INFINITY,
      facts: [{ kind: "cpu-lower-bound", tool: "fetch-loop" }],
    };
  },
};

describe("the load-generator seam", () => {
  it("drives a generator registered in a test through the engine, with no change to the engine", async () => {
    const generators = generatorRegistry([fetchLoop, ghzGenerator]);
    const withFetchLoop = await testEngineContext(local.targets, generators);
    const spec = runSpecSchema.parse({ workloads: ["noop"], connections: 2, warmupMs: 100, durationMs: 500 });
    const result = await runBenchmark(spec, { services: local.services, context: withFetchLoop });
    const [cell] = result.cells;
    // Its CPU is judged by the same saturation rule as every other tool's (how busy fetch() keeps
    // the runner's thread depends on the machine, so the verdict is compared, not fixed).
    const { cpuFraction } = cell!.rest.generator;
    expect(cell!.rest.generator).toMatchObject({ tool: "fetch-loop", saturated: cpuFraction! > ONE_CORE_LIMIT });
    expect(cell!.rest.requests).toBeGreaterThan(10);
    expect(cell!.rest.errors.total).toBe(0);
    expect(cell!.grpc.generator.tool).toBe("ghz");
    expect(result.environment.versions).toMatchObject({ "fetch-loop": "1.0.0", ghz: expect.stringMatching(/^\d+\./) });
    // the server's own counters saw it, read from the endpoint the registry entry names
    expect(cell!.rest.server.cpuMsPer1000).toBeGreaterThan(0);
    // what it observed is a finding like any other
    expect(findingsOf(result).map((f) => f.text)).toContain(
      "fetch-loop's CPU time for REST noop was polled from /proc: a lower bound.",
    );
  });
});

describe("runBenchmark with this machine's run-to-run book (pnpm bench:calibrate)", () => {
  const spec = runSpecSchema.parse({ workloads: ["noop"], connections: 4, warmupMs: 100, durationMs: 600, trials: 1 });
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "relix-engine-run-to-run-"));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** A book holding `spread` for noop's p50 under this spec's scope, or under another spec's. */
  async function bookWith(spread: number, forSpec = spec): Promise<string> {
    const file = path.join(dir, `book-${spread}-${forSpec.connections}.json`);
    const entry = {
      scope: runToRunScope(forSpec),
      comparison: "noop · REST vs gRPC · p50",
      spread,
      runs: 20,
      measuredAt: "2026-11-27T03:00:00.000Z",
    };
    await fs.writeFile(file, JSON.stringify({ version: 1, entries: [entry] }));
    return file;
  }

  it("widens the calibrated comparison's interval by its spread, says so in the verdict, and records it", async () => {
    const result = await runBenchmark(spec, {
      services: local.services,
      context: { ...context, runToRunFile: await bookWith(0.5) },
    });
    const comparisons = result.cells[0]!.comparisons;
    const p50 = comparisons.find((c) => c.metric === "p50")!;
    // A 50% run-to-run spread alone makes a 95% interval span exp(2 x 1.96 x 0.5), about 7x, end to end.
    expect(p50.ci.runToRunSpread).toBe(0.5);
    expect(p50.ci.high / p50.ci.low).toBeGreaterThan(7);
    expect(p50.winner).toBe("none");
    expect(p50.text).toContain("50% run-to-run noise");
    expect(p50.text).not.toContain("not applied");
    // What this machine did not calibrate is not widened: the reference machine's spread is a note beside it.
    const rps = comparisons.find((c) => c.metric === "rps")!;
    expect(rps.ci.runToRunSpread).toBeUndefined();
    expect(rps.ci.referenceSpread).toEqual({ spread: assumedSpreads().get("rps")!.spread, source: "assumed" });
    expect(rps.text).toMatch(/spread up to ±\d+%, not applied\)$/);
    const fact = result.facts?.find((f) => f.kind === "run-to-run");
    expect(fact?.kind === "run-to-run" && fact.applied).toEqual([
      {
        comparison: "noop · REST vs gRPC · p50",
        spread: 0.5,
        runs: 20,
        measuredAt: "2026-11-27T03:00:00.000Z",
        source: "this-machine",
      },
    ]);
    expect(findingsOf(result).find((f) => f.kind === "run-to-run")?.text).toMatch(
      /^the intervals include this machine's run-to-run noise/,
    );
  });

  it("with nothing calibrated for this spec here, widens nothing: the assumed spread is a note, and the run says it holds one run's noise", async () => {
    const other = runSpecSchema.parse({ ...spec, connections: 32 });
    const result = await runBenchmark(spec, {
      services: local.services,
      context: { ...context, runToRunFile: await bookWith(0.5, other) },
    });
    const comparisons = result.cells[0]!.comparisons.filter((c) => !c.ci.degenerate);
    expect(comparisons.length).toBeGreaterThan(0);
    for (const comparison of comparisons) {
      const assumed = assumedSpreads().get(comparison.metric)?.spread;
      if (assumed === undefined) continue;
      expect(comparison.ci.referenceSpread).toEqual({ spread: assumed, source: "assumed" });
      expect(comparison.ci.runToRunSpread).toBeUndefined();
      expect(comparison.ci.runToRunSource).toBeUndefined();
    }
    expect(result.facts?.find((f) => f.kind === "run-to-run")).toEqual({ kind: "run-to-run", applied: [] });
    const finding = findingsOf(result).find((f) => f.kind === "run-to-run-unmeasured")!;
    expect(finding.text).toContain("never applied");
    expect(finding.text).toContain("pnpm bench:calibrate --repeat 20");
  });

  it("in a run of a study preset, an assumed spread withholds no winner: the interval alone decides", async () => {
    const study = runSpecSchema.parse({ ...spec, preset: "study-004" });
    const result = await runBenchmark(study, {
      services: local.services,
      context: { ...context, runToRunFile: await bookWith(0.5, runSpecSchema.parse({ ...spec, connections: 32 })) },
    });
    const comparisons = result.cells[0]!.comparisons;
    expect(comparisons.length).toBeGreaterThan(0);
    for (const comparison of comparisons) {
      expect(comparison.ci.winnerWithheld).toBeUndefined();
      expect(comparison.text).not.toContain("no calibration of this study's runs");
    }
  });

  it("turned off (RELIX_RUN_TO_RUN_FILE=off), leaves the intervals as the run measured them", async () => {
    const result = await runBenchmark(spec, { services: local.services, context: { ...context, runToRunFile: null } });
    expect(result.cells[0]!.comparisons.every((c) => c.ci.runToRunSpread === undefined)).toBe(true);
    expect(result.facts?.some((f) => f.kind === "run-to-run")).toBe(false);
  });

  it("goes on without a book it cannot read, and warns", async () => {
    const file = path.join(dir, "damaged.json");
    await fs.writeFile(file, "{ not json");
    const events: RunEvent[] = [];
    const result = await runBenchmark(spec, {
      services: local.services,
      context: { ...context, runToRunFile: file },
      onEvent: (e) => events.push(e),
    });
    expect(events).toContainEqual({ type: "warning", message: expect.stringContaining(`${file} is not JSON`) });
    expect(result.cells[0]!.comparisons.map((c) => c.metric)).toEqual(["p50", "p99", "rps", "capacity"]);
  });
});
