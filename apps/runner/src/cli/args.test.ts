import { specBounds, specFromPreset } from "@relix/core";
import { describe, expect, it } from "vitest";
import { parseCliArgs, type CliRun } from "./args";

const run = (...argv: string[]) => parseCliArgs(argv) as CliRun;
const error = (...argv: string[]) => {
  try {
    parseCliArgs(argv);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`no error for ${argv.join(" ")}`);
};

describe("parseCliArgs", () => {
  it("runs the quick preset when nothing is given, writing JSON by default", () => {
    const args = run();
    expect(args.spec).toEqual(specFromPreset("quick"));
    expect(args).toMatchObject({
      help: false,
      outputs: {},
      writeJson: true,
      thresholds: [],
      quiet: false,
      noColor: false,
    });
  });

  it("ignores the leading -- that pnpm may pass on", () => {
    expect(run("--", "--trials", "2").spec.trials).toBe(2);
  });

  it("lets flags override the preset's values", () => {
    const { spec } = run(
      "--preset",
      "study-000",
      "--connections",
      "16",
      "--grpc-connections=4",
      "--cache",
      "warm",
      "--trials",
      "5",
    );
    expect(spec).toMatchObject({
      preset: "study-000",
      workloads: ["item.get"],
      connections: 16,
      grpcConnections: 4,
      cacheModes: ["warm"],
      trials: 5,
      durationMs: 2_000,
    });
  });

  it("reads every spec flag", () => {
    const { spec } = run(
      ...[
        "--workloads",
        "upload,stream",
        "--duration",
        "2m",
        "--warmup",
        "500ms",
        "--rate",
        "300",
        "--payload-size",
        "512KiB",
      ],
      ...["--server-delay", "10ms", "--stream-messages", "50", "--keys", "10", "--dot-length", "1000"],
    );
    expect(spec).toMatchObject({
      workloads: ["upload", "stream"],
      durationMs: 120_000,
      warmupMs: 500,
      rate: 300,
      payloadBytes: 512 * 1024,
      serverDelayMs: 10,
      streamMessages: 50,
      keyCount: 10,
      dotLength: 1000,
    });
    expect(run("--requests", "1000").spec.requests).toBe(1000);
    expect(run().spec.restConnection).toBe("keep-alive");
    expect(run("--rest-connection", "per-request").spec.restConnection).toBe("per-request");
    // The quick preset (the default) drives both sides with one client, chosen before the run.
    expect(run().spec.clients).toBe("equal");
    expect(run("--clients", "both").spec.clients).toBe("both");
    expect(run("--clients", "equal").spec.clients).toBe("equal");
    expect(run("--clients", "tools").spec.clients).toBe("tools");
    expect(run("--preset", "study-000").spec.clients).toBe("tools");
    // Absent: the runner's default applies, and a spec written before the flag keeps its meaning.
    expect(run().spec.pinCores).toBeUndefined();
    expect(run("--pin-cores", "on").spec.pinCores).toBe(true);
    expect(run("--pin-cores", "off").spec.pinCores).toBe(false);
    // Absent: the default margin applies when the comparisons are read; given, it is the run's own.
    expect(run().spec.margin).toBeUndefined();
    expect(run("--margin", "2%").spec.margin).toBeCloseTo(0.02, 12);
    expect(run("--margin", "0").spec.margin).toBe(0);
  });

  it.each([
    ["500ms", 500],
    ["10s", 10_000],
    ["1.5s", 1_500],
    ["2m", 120_000],
    ["3", 3_000],
  ])("reads --duration %s", (raw, ms) => {
    // One trial: quick's three launches of 2 min windows, at 8 and again at 1 in flight, would pass
    // the measuring-time limit, and this reads the flag, not the limit.
    expect(run("--duration", raw, "--trials", "1").spec.durationMs).toBe(ms);
  });

  it.each([
    ["1MiB", 1024 * 1024],
    ["1MB", 1_000_000],
    ["100KB", 100_000],
    ["64KiB", 65_536],
    ["4096B", 4096],
    ["4096", 4096],
    ["1mib", 1024 * 1024],
  ])("reads --payload-size %s", (raw, bytes) => {
    expect(run("--payload-size", raw).spec.payloadBytes).toBe(bytes);
  });

  it("reads --cache memory, alone or beside the other modes", () => {
    expect(run("--cache", "memory").spec.cacheModes).toEqual(["memory"]);
    expect(run("--cache", "warm,cold,miss,memory").spec.cacheModes).toEqual(["warm", "cold", "miss", "memory"]);
  });

  it("reads a bare --server-delay as milliseconds", () => {
    expect(run("--server-delay", "10").spec.serverDelayMs).toBe(10);
  });

  it("expands * in workload ids", () => {
    expect(run("--workloads", "shape.*.get").spec.workloads).toEqual([
      "shape.small.get",
      "shape.medium.get",
      "shape.large.get",
      "shape.deep.get",
      "shape.deeper.get",
      "shape.deepest.get",
    ]);
  });

  it("collects outputs, thresholds and switches", () => {
    const args = run(
      "--json",
      "r.json",
      "--md",
      "r.md",
      "--csv",
      "r.csv",
      "--threshold",
      "grpc.p99<5ms",
      "--threshold",
      "item.get:ratio.p50>1",
      "-q",
      "--no-color",
    );
    expect(args.outputs).toEqual({ json: "r.json", md: "r.md", csv: "r.csv" });
    expect(args.thresholds.map((t) => t.source)).toEqual(["grpc.p99<5ms", "item.get:ratio.p50>1"]);
    expect(args).toMatchObject({ quiet: true, noColor: true });
    expect(run("--no-json").writeJson).toBe(false);
  });

  it("answers --help before looking at anything else", () => {
    expect(parseCliArgs(["--connections", "0", "--help"])).toEqual({ help: true });
    expect(parseCliArgs(["-h"])).toEqual({ help: true });
  });
});

describe("parseCliArgs refuses bad input with one line naming the flag, the value and what is allowed", () => {
  const { connections, durationMs, trials } = specBounds;

  it.each([
    [["--connections", "0"], `--connections "0": must be from ${connections.min} to ${connections.max}`],
    [["--connections", "lots"], '--connections "lots": must be a whole number from 1 to 256'],
    [["--connections", "-5"], '--connections "-5": must be a whole number from 1 to 256'],
    [["--connections", "2.5"], "must be a whole number"],
    [["--trials", "21"], `--trials "21": must be from ${trials.min} to ${trials.max}`],
    [["--duration", "1h"], '--duration "1h": not a duration; use 500ms, 10s, 2m or a number of seconds'],
    [["--duration", "100ms"], `--duration "100ms": must be from ${durationMs.min}ms to 5m`],
    [["--duration", "10m"], '--duration "10m": must be from 500ms to 5m'],
    [["--duration", "1.0005s"], "whole number of milliseconds"],
    [["--warmup", "2h"], '--warmup "2h": not a duration'],
    [["--payload-size", "1GiB"], '--payload-size "1GiB": not a size; use a number of bytes with B, KB, KiB, MB or MiB'],
    [["--payload-size", "9MiB"], '--payload-size "9MiB": must be from 1B to 8MiB'],
    [["--server-delay", "2s"], '--server-delay "2s": must be from 0ms to 1s'],
    [
      ["--workloads", "item.gte"],
      '--workloads "item.gte": unknown workload "item.gte" (did you mean item.get?); known: noop, item.get',
    ],
    [["--workloads", "noop,,echo"], "empty item"],
    [["--workloads", "nothing.*"], '"nothing.*" matches no workload'],
    [["--cache", "hot"], '--cache "hot": unknown cache mode "hot" (use warm, cold, miss, memory)'],
    [["--rest-connection", "close"], '--rest-connection "close": use keep-alive or per-request'],
    [["--pin-cores", "yes"], '--pin-cores "yes": use on or off'],
    [["--clients", "same"], '--clients "same": use tools, equal or both'],
    [["--margin", "60%"], '--margin "60%": must be from 0% to 50%'],
    [["--margin", "five"], '--margin "five": not a percentage'],
    [
      ["--workloads", "stream", "--server-delay", "1s", "--stream-messages", "11"],
      "--server-delay 1000ms: 1000 ms per message x 11 stream messages is 11000 ms of server delay per call",
    ],
    [["--preset", "study-0"], '--preset "study-0": unknown preset (did you mean study-000?); known: quick, study-000'],
    [["--conections", "8"], "unknown flag --conections (did you mean --connections?)"],
    [["--bogus"], "unknown flag --bogus"],
    [["-x"], "unknown flag -x"],
    [["--duration"], "--duration needs a value, e.g. --duration 10s"],
    [["--duration", "--trials", "3"], "--duration needs a value"],
    [["--quiet=yes"], '--quiet takes no value (got "yes")'],
    [["--trials", "2", "--trials", "3"], '--trials given twice ("2" and "3"); give it once'],
    [["--duration", "5s", "--requests", "10"], "a window ends by time or by count, give one of them"],
    [["--json", "a.json", "--no-json"], '--json "a.json" and --no-json: give one of them'],
    [["stray"], 'unexpected argument "stray"'],
    [["--threshold", "grpc.p99<5"], '--threshold bad threshold "grpc.p99<5": a latency needs a unit'],
    [
      ["--threshold", "echo:grpc.p99<5ms"],
      '--threshold "echo:grpc.p99<5ms": workload echo is not in this run (running: noop, item.get, meteorites.get, stream)',
    ],
  ])("%j", (argv, message) => {
    const text = error(...argv);
    expect(text).toContain(message);
    expect(text).not.toContain("\n");
  });

  describe("network placements", () => {
    it("measures every listed placement, loopback alone when none is given", () => {
      expect(run().spec.network).toEqual(["loopback"]);
      expect(run("--network", "loopback,cross-region").spec.network).toEqual(["loopback", "cross-region"]);
    });

    it("takes the custom placement's figures from --rtt, --jitter and --bandwidth", () => {
      expect(
        run("--network", "loopback,custom", "--rtt", "30", "--jitter", "5", "--bandwidth", "12.5").spec.network,
      ).toEqual(["loopback", { name: "custom", rttMs: 30, jitterMs: 5, bandwidthMbps: 12.5 }]);
    });

    it("adds custom to the preset's placements when --rtt comes without --network", () => {
      expect(run("--rtt", "30").spec.network).toEqual([
        "loopback",
        { name: "custom", rttMs: 30, jitterMs: 0, bandwidthMbps: null },
      ]);
    });

    it("names the accepted placements for an unknown one", () => {
      expect(error("--network", "loopback,moon")).toBe(
        '--network "loopback,moon": unknown placement "moon" (use loopback, same-zone, cross-region, mobile, custom)',
      );
    });

    it("refuses custom without --rtt, and --rtt when --network leaves custom out", () => {
      expect(error("--network", "custom")).toMatch(/^--network "custom": custom needs its RTT, e.g. --rtt 30/);
      expect(error("--network", "loopback", "--rtt", "30")).toMatch(
        /^--rtt "30": sets the custom placement, which --network "loopback" does not list; add custom to it/,
      );
      expect(error("--jitter", "5")).toMatch(/^--jitter "5": describes the custom placement; give --rtt too/);
      expect(error("--bandwidth", "5")).toMatch(/^--bandwidth "5": describes the custom placement; give --rtt too/);
    });

    it("names the flag and the accepted range for every bad figure", () => {
      expect(error("--rtt", "1001")).toBe('--rtt "1001": must be a number of ms from 0 to 1000');
      expect(error("--rtt", "fast")).toBe('--rtt "fast": must be a number of ms from 0 to 1000');
      expect(error("--rtt", "-1")).toBe('--rtt "-1": must be a number of ms from 0 to 1000');
      expect(error("--rtt", "30", "--jitter", "501")).toBe('--jitter "501": must be a number of ms from 0 to 500');
      expect(error("--rtt", "30", "--bandwidth", "0")).toBe(
        '--bandwidth "0": must be a number of Mbit/s from 0.1 to 10000',
      );
      expect(error("--rtt", "10", "--jitter", "20")).toMatch(/^--jitter "20": may not exceed --rtt 10/);
    });

    it("measures a placement listed twice once", () => {
      expect(run("--network", "loopback,loopback").spec.network).toEqual(["loopback"]);
    });
  });

  describe("stacks", () => {
    it("measures express and grpc-js alone when none is given, and always adds them", () => {
      expect(run().spec.stacks).toEqual(["express", "grpc-js"]);
      expect(run("--stacks", "h2c,node").spec.stacks).toEqual(["express", "node", "h2c", "grpc-js"]);
      expect(run("--stacks", "grpc-js-static,express").spec.stacks).toEqual(["express", "grpc-js", "grpc-js-static"]);
    });

    it("measures another runtime's REST and gRPC stacks as given, and adds express and grpc-js where the list needs them", () => {
      expect(run("--stacks", "spring,grpc-java").spec.stacks).toEqual(["spring", "grpc-java"]);
      expect(run("--stacks", "spring,grpc-java").spec.pair).toBeUndefined();
      // A Node stack is a layer step of express or grpc-js; a list without a gRPC stack compares nothing.
      expect(run("--stacks", "spring,grpc-java,node").spec.stacks).toEqual([
        "express",
        "node",
        "spring",
        "grpc-js",
        "grpc-java",
      ]);
      expect(run("--stacks", "flask").spec.stacks).toEqual(["express", "flask", "grpc-js"]);
    });

    it("takes the pair in either order, adds its stacks, and refuses anything but one REST and one gRPC stack", () => {
      const spec = run("--pair", "grpc-java,spring").spec;
      expect(spec.pair).toEqual({ rest: "spring", grpc: "grpc-java" });
      expect(spec.stacks).toEqual(["express", "spring", "grpc-js", "grpc-java"]);
      expect(run("--pair", "flask,grpcio", "--stacks", "flask,grpcio").spec.stacks).toEqual(["flask", "grpcio"]);
      expect(error("--pair", "spring,express")).toMatch(
        /^--pair "spring,express": name one REST stack .* and one gRPC stack/,
      );
      expect(error("--pair", "spring")).toMatch(/^--pair "spring": name one REST stack/);
      expect(error("--pair", "spring,grpc-jav")).toMatch(/unknown stack "grpc-jav"/);
    });

    it("names the accepted stacks for an unknown one", () => {
      expect(error("--stacks", "node,fastify")).toBe(
        '--stacks "node,fastify": unknown stack "fastify" (use express, node, node-protobuf, h2c, spring, fastapi, flask, grpc-js, grpc-js-static, grpc-java, grpcio)',
      );
    });
  });
});
