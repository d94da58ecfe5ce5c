import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cpuBetween } from "../cpu-timeline";
import { locateTool } from "@relix/io/backends";
import { FIXTURES, RECORD_FIXTURES, countBy, expectedRoundRobin, fractionalMsShare } from "../testing/helpers";
import { BENCH_PROTO, PROTO_ROOT, startGrpcTestServer, type GrpcTestServer } from "../testing/test-servers";
import { ghzBinForTests, runGhzObserved } from "../testing/tool-defaults";
import { buildGhzArgs, type GhzOptions } from "./ghz-args";
import { GHZ_EXECUTABLE, ghzVersion } from "./ghz-binary";
import { runGhz } from "./run-ghz";

const ghzBin = await ghzBinForTests();
const base = {
  protoFile: BENCH_PROTO,
  importPaths: [PROTO_ROOT],
  ghzBin,
};

describe("ghz driver: arguments and binary", () => {
  const files = { dataFile: "/tmp/d.json", outFile: "/tmp/o.json" };
  const ok: GhzOptions = {
    ...base,
    target: "127.0.0.1:50051",
    call: "relix.v1.BenchService.Noop",
    data: [{}],
    concurrency: 4,
    durationMs: 1500,
  };

  it.each([
    "10.0.0.1:50051",
    "example.com:50051",
    "::1:50051",
    "127.0.0.1",
    "127.0.0.1:0",
    "dns:///127.0.0.1:50051",
    "127.0.0.1:50051 -x",
  ])("rejects target %s", async (target) => {
    expect(() => buildGhzArgs({ ...ok, target }, files)).toThrow(/refusing/);
    await expect(runGhz({ ...ok, target })).rejects.toThrow(/refusing/);
  });

  it("passes the flags Relix relies on", () => {
    const args = buildGhzArgs({ ...ok, connections: 2, rps: 500, metadata: { "x-run": "r1" }, timeoutMs: 3000 }, files);
    const joined = args.join(" ");
    for (const f of [
      "--insecure",
      "--format json",
      "--output /tmp/o.json",
      "--data-file /tmp/d.json",
      "--duration-stop wait",
      "--skipFirst 0",
      "-c 4",
      "--connections 2",
      "-z 1500ms",
      "--rps 500",
      "--timeout 3000ms",
      "--disable-template-functions",
      "--disable-template-data",
      `--import-paths ${PROTO_ROOT}`,
    ]) {
      expect(joined).toContain(f);
    }
    expect(args[args.indexOf("--metadata") + 1]).toBe('{"x-run":"r1"}');
    expect(args.at(-1)).toBe("127.0.0.1:50051");
    expect(buildGhzArgs({ ...ok }, files).join(" ")).toContain("--timeout 10000ms");
    const n = buildGhzArgs({ ...ok, total: 100 }, files).join(" ");
    expect(n).toContain("-n 100");
    expect(n).not.toContain("-z");
    expect(n).not.toContain("-x"); // broken in ghz 0.120.0, see ghz-driver.ts
    expect(() => buildGhzArgs({ ...ok, connections: 5 }, files)).toThrow(/connections/);
    expect(() => buildGhzArgs({ ...ok, durationMs: undefined }, files)).toThrow(/durationMs or total/);
  });

  it("is found by the runner's one finder (GHZ_BIN, PATH, go bin: see find-tool.test.ts), and knows its version", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "relix-ghzbin-"));
    try {
      const fake = path.join(dir, "ghz");
      await writeFile(fake, "#!/bin/sh\necho v9.9.9\n");
      await chmod(fake, 0o755);
      expect(await locateTool(GHZ_EXECUTABLE, { GHZ_BIN: fake, PATH: "" })).toEqual({ name: "ghz", path: fake });
      expect(await locateTool(GHZ_EXECUTABLE, { PATH: dir, HOME: dir })).toEqual({ name: "ghz", path: fake });
      expect(await ghzVersion(fake)).toBe("9.9.9");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports the installed ghz version (from build info when --version says "dev")', async () => {
    expect(await ghzVersion(ghzBin)).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("runGhz against a throwaway grpc-js server", { timeout: 30_000 }, () => {
  let srv: GrpcTestServer;
  beforeAll(async () => {
    srv = await startGrpcTestServer();
  });
  afterAll(async () => {
    await srv?.stop();
  });
  beforeEach(() => {
    srv.reset();
    srv.delayMs = 0;
  });

  it("records sub-millisecond latencies with µs precision; endMs is the call end relative to the first call start", async () => {
    // Sub-millisecond calls are recorded as such: the fastest call reads under 1 ms. On two loaded
    // cores even the fastest call of a second can take longer (1.29 ms once on CI), so up to three
    // runs a second apart, for a busy spell to pass; the other checks read the last run.
    const fastest: number[] = [];
    let r!: Awaited<ReturnType<typeof runGhz>>;
    for (let run = 0; run < 3 && !fastest.some((us) => us < 1000); run++) {
      if (run > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
      srv.reset();
      r = await runGhz({
        ...base,
        target: srv.target,
        call: "relix.v1.BenchService.Noop",
        data: [{}],
        concurrency: 1,
        durationMs: 1000,
      });
      fastest.push(Math.min(...r.samples.filter((s) => s.ok).map((s) => s.latencyUs)));
    }
    const ok = r.samples.filter((s) => s.ok);
    // Back-to-back calls for a second: hundreds on a quiet machine, under 200 on CI's two loaded
    // cores (193 once); fifty still shows the calls ran one after another for the whole window.
    expect(ok.length).toBeGreaterThan(50);
    expect(Math.min(...fastest)).toBeLessThan(1000);
    // Nearly every value carries a fraction of a ms.
    expect(fractionalMsShare(ok)).toBeGreaterThan(0.99);
    // time origin: the earliest call began at 0
    const begins = r.samples.map((s) => s.endMs - s.latencyUs / 1000);
    expect(Math.min(...begins)).toBeCloseTo(0, 6);
    expect(Math.max(...r.samples.map((s) => s.endMs))).toBeLessThanOrEqual(r.wallMs + 1);
    // With one worker, calls are back to back: each begins after the previous one ended. Tolerance:
    // ghz's timestamps are wall clock (Go's JSON drops the monotonic reading) while latencies are
    // monotonic, so a wall-clock adjustment shows up as a few µs of apparent overlap.
    const sorted = [...r.samples].sort((a, b) => a.endMs - b.endMs);
    for (let i = 1; i < sorted.length; i++) {
      expect(sorted[i]!.endMs - sorted[i]!.latencyUs / 1000).toBeGreaterThanOrEqual(sorted[i - 1]!.endMs - 0.1);
    }
    expect(r.startedAtMs).toBeGreaterThan(Date.now() - 60_000);
    expect(r.samples.length).toBe(r.count);
    expect(srv.stats().requests).toBe(r.count);
  });

  it("cycles the data array in ONE global round-robin order across workers", async () => {
    const keys = Array.from({ length: 997 }, (_, i) => `k${i}`);
    const r = await runGhz({
      ...base,
      target: srv.target,
      call: "relix.v1.BenchService.Echo",
      data: keys.map((message) => ({ message })),
      concurrency: 8,
      durationMs: 1000,
    });
    // enough calls that per-worker cycling would have sent k0..kN several times each
    expect(r.count).toBeGreaterThan(4 * 8);
    expect(srv.stats().ids).toEqual(expectedRoundRobin(keys, r.count));
    expect(r.samples.every((s) => s.ok)).toBe(true);
  });

  it("keeps NOT_FOUND calls as ok=false samples with the canonical code", async () => {
    const r = await runGhz({
      ...base,
      target: srv.target,
      call: "relix.v1.BenchService.Echo",
      data: [{ message: "a" }, { message: "missing-1" }, { message: "b" }],
      concurrency: 2,
      durationMs: 400,
    });
    const byCode = countBy(r.samples, (s) => `${s.code}:${s.ok}`);
    const { ids } = srv.stats();
    expect(Object.keys(byCode).sort()).toEqual(["NOT_FOUND:false", "OK:true"]);
    expect(byCode["NOT_FOUND:false"]).toBe(ids["missing-1"]);
    expect(byCode["OK:true"]).toBe((ids.a ?? 0) + (ids.b ?? 0));
  });

  it("--duration-stop wait leaves no in-flight error at the end (close would)", async () => {
    srv.delayMs = 100;
    const opts: GhzOptions = {
      ...base,
      target: srv.target,
      call: "relix.v1.BenchService.Noop",
      data: [{}],
      concurrency: 8,
      durationMs: 450,
    };
    const waited = await runGhz(opts);
    expect(waited.samples.length).toBeGreaterThan(16);
    expect(waited.samples.filter((s) => !s.ok)).toEqual([]);
    expect(waited.samples.length).toBe(srv.stats().requests);
    expect(Math.max(...waited.samples.map((s) => s.endMs))).toBeGreaterThan(450);

    srv.reset();
    const closed = await runGhzObserved(opts, { durationStop: "close" });
    const errs = closed.samples.filter((s) => !s.ok);
    expect(errs.length).toBeGreaterThan(0);
    expect(new Set(errs.map((s) => s.code))).not.toContain("OK");
  });

  it.each([1, 3])("opens exactly --connections %i TCP connection(s)", async (connections) => {
    const r = await runGhz({
      ...base,
      target: srv.target,
      call: "relix.v1.BenchService.Noop",
      data: [{}],
      concurrency: 6,
      connections,
      durationMs: 300,
    });
    expect(r.connections).toBe(connections);
    expect(r.inFlight).toBe(6);
    expect(srv.stats().connections).toBe(connections);
  });

  it("measures ghz CPU time from the reaped child (cutime/cstime)", async () => {
    const r = await runGhz({
      ...base,
      target: srv.target,
      call: "relix.v1.BenchService.Noop",
      data: [{}],
      concurrency: 4,
      durationMs: 1000,
      onProgress: () => {},
    });
    expect(r.toolCpuSource).toBe("cutime");
    expect(r.toolCpuMs).toBeGreaterThan(50);
    expect(r.toolCpuMs!).toBeLessThan(r.processWallMs * r.machineCores + 50);
    expect(r.toolCpuCores).toBeGreaterThan(0);
    expect(r.processWallMs).toBeGreaterThanOrEqual(r.wallMs);
    // Its CPU over time spans its calls, on their clock: the engine takes its CPU over the window
    // from it, without the proto parsing and dialling before the first call.
    const timeline = r.cpuTimeline!;
    expect(timeline[0]!.atEpochMs).toBeLessThanOrEqual(r.startedAtMs);
    expect(timeline[timeline.length - 1]!.atEpochMs).toBeGreaterThanOrEqual(r.startedAtMs + 900);
    const inCalls = cpuBetween(timeline, r.startedAtMs, r.startedAtMs + 900)!;
    expect(inCalls).toBeGreaterThan(10);
    expect(inCalls).toBeLessThan(r.toolCpuMs! + 20);
  });

  it("runs a fixed number of calls with total (-n)", async () => {
    const r = await runGhz({
      ...base,
      target: srv.target,
      call: "relix.v1.BenchService.Noop",
      data: [{}],
      concurrency: 2,
      total: 50,
      durationMs: 5000,
    });
    expect(r.count).toBe(50);
    expect(r.samples.length).toBe(50);
    expect(r.endReason).toBe("normal");
    expect(r.stoppedAtTimeCap).toBe(false);
    expect(r.truncated).toBe(false);
    expect(r.facts).toEqual([]);
  });

  it("stops a -n run at durationMs (SIGINT), still gets the report and says it stopped at the time cap", async () => {
    srv.delayMs = 20;
    const r = await runGhz({
      ...base,
      target: srv.target,
      call: "relix.v1.BenchService.Noop",
      data: [{}],
      concurrency: 2,
      total: 1_000_000,
      durationMs: 400,
    });
    // Some calls, and far from the million asked (about 30 at 20 ms with 2 in flight; ghz's start-up
    // counts against the cap, so a busy machine may fit only a few).
    expect(r.count).toBeGreaterThanOrEqual(1);
    expect(r.count).toBeLessThan(100);
    expect(r.endReason).toBe("cancel");
    expect(r.samples.every((s) => s.ok)).toBe(true); // duration-stop wait applies to SIGINT too
    expect(r.stoppedAtTimeCap).toBe(true);
    // The engine records the cap for the whole window; the tool adds no fact of its own.
    expect(r.facts).toEqual([]);
  });

  it.runIf(RECORD_FIXTURES)("records the ghz report fixture", async () => {
    await runGhzObserved(
      {
        ...base,
        target: srv.target,
        call: "relix.v1.BenchService.Echo",
        data: [{ message: "1" }, { message: "2" }, { message: "missing-3" }],
        concurrency: 2,
        total: 30,
      },
      { saveReportTo: path.join(FIXTURES, "ghz-report.json") },
    );
  });
});
