import { mkdtemp, rm, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runResultSchema, specFromPreset, withPublishedFigures, type RunSpec } from "@relix/core";
import { FINDING_KINDS } from "@relix/core/findings/finding-catalog";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RunCancelledError, type RunBenchmark, type RunOptions } from "../engine/run-events";
import { formatDuration } from "@relix/core/render/format";
import { makeRunResult, type CellInput } from "@relix/core/testing/result-fixture";
import { runCli, type CliContext, type Signal } from "./run-cli";

// Every temporary folder a test makes is removed after it.
const tempDirs: string[] = [];
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Harness {
  ctx: CliContext;
  stdout: () => string;
  stderr: () => string;
  signal: (name: Signal) => void;
  forceExit: ReturnType<typeof vi.fn>;
  loadEngine: ReturnType<typeof vi.fn>;
  dir: string;
}

async function harness(engine: RunBenchmark): Promise<Harness> {
  const dir = await tempDir("relix-cli-");
  let out = "";
  let err = "";
  const handlers = new Map<Signal, () => void>();
  const forceExit = vi.fn();
  const loadEngine = vi.fn(async () => engine);
  return {
    ctx: {
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: (t: string) => (err += t) },
      env: { INIT_CWD: dir },
      cwd: "/nonexistent",
      loadEngine,
      onSignal: (name, handler) => {
        handlers.set(name, handler);
        return () => handlers.delete(name);
      },
      forceExit,
    },
    stdout: () => out,
    stderr: () => err,
    signal: (name) => handlers.get(name)?.(),
    forceExit,
    loadEngine,
    dir,
  };
}

/** The quick preset's trials and the time of one side's warm-up and window, which the plans below count. */
const quick = specFromPreset("quick");
const sideMs = quick.warmupMs + quick.durationMs;
/** "N trials, ~T of measuring" for `sides` side windows per trial. */
const trialsAndTime = (sides: number) =>
  `x ${quick.trials} trials, ~${formatDuration(sides * quick.trials * sideMs)} of measuring`;

/** An engine that reports one cell and returns a fixture result for the spec it was given. */
const fakeEngine =
  (cells: CellInput[] = [{ workload: "item.get", cacheMode: "warm" }]): RunBenchmark =>
  async (spec: RunSpec, options?: RunOptions) => {
    const cell = {
      workload: "item.get",
      cacheMode: "warm" as const,
      trial: 1,
      trials: 1,
      protocol: "rest" as const,
      index: 1,
      total: 2,
    };
    options?.onEvent?.({ type: "phase", phase: "measuring", message: "measuring" });
    options?.onEvent?.({ type: "cell-end", cell, rps: 9000, p50Ms: 0.8, p99Ms: 2.4, errors: 0 });
    // as the real engine does: a study preset's published figures are attached to the result
    return withPublishedFigures(makeRunResult({ spec, cells }));
  };

describe("runCli", () => {
  it("prints help and exits 0 without loading the engine", async () => {
    const h = await harness(fakeEngine());
    expect(await runCli(["--help"], h.ctx)).toBe(0);
    expect(h.stdout()).toContain("USAGE");
    expect(h.loadEngine).not.toHaveBeenCalled();
  });

  it("refuses a bad flag with one line on stderr and exit 2, before anything runs", async () => {
    const h = await harness(fakeEngine());
    expect(await runCli(["--connections", "0"], h.ctx)).toBe(2);
    expect(h.stderr()).toBe('relix-bench: error: --connections "0": must be from 1 to 256 (see --help)\n');
    expect(h.stdout()).toBe("");
    expect(h.loadEngine).not.toHaveBeenCalled();
  });

  it("refuses an output path it cannot write, before the run", async () => {
    const h = await harness(fakeEngine());
    await writeFile(join(h.dir, "file"), "x");
    expect(await runCli(["--json", "file/result.json"], h.ctx)).toBe(2);
    expect(h.stderr()).toMatch(/cannot create the directory .*file/);
    expect(h.loadEngine).not.toHaveBeenCalled();
  });

  it("counts placements and stacks in the plan it prints before measuring", async () => {
    const h = await harness(fakeEngine());
    await runCli(
      [
        "--workloads",
        "item.get",
        "--cache",
        "warm",
        "--stacks",
        "node",
        "--network",
        "loopback,cross-region",
        "--clients",
        "tools",
      ],
      h.ctx,
    );
    // Per placement: the three stacks at quick's 8 in flight, and the pair again at one in flight.
    expect(h.stderr()).toContain(
      `relix-bench: quick: 1 cell x 2 placements x 3 stacks (+ the pair at one call in flight) ${trialsAndTime(2 * (3 + 2))}`,
    );
  });

  it("adds the most JVM priming the run can do to its plan, naming the stacks, and nothing without them", async () => {
    const jvm = await harness(fakeEngine());
    await runCli(["--workloads", "noop,item.get", "--cache", "warm", "--stacks", "spring,grpc-java"], jvm.ctx);
    // Two cells x two JVM stacks x at most 15 rounds of 2 s.
    expect(jvm.stderr()).toMatch(/of measuring \(\+ up to 2m priming spring, grpc-java\)\n/);
    const node = await harness(fakeEngine());
    await runCli(["--workloads", "noop,item.get", "--cache", "warm"], node.ctx);
    expect(node.stderr()).not.toContain("priming");
  });

  it("promises the second view in an open loop too, and the pair at one call in flight only in a closed loop", async () => {
    const h = await harness(fakeEngine());
    await runCli(["--workloads", "item.get", "--cache", "warm", "--rate", "500", "--clients", "both"], h.ctx);
    // The client for both paces an open loop; an open loop answers the latency question at its own
    // rate, so no pair at one call in flight.
    expect(h.stderr()).toContain(
      `relix-bench: quick: 1 cell x 2 protocols (+ the pair with one client for both) ${trialsAndTime(2 + 2)}`,
    );
    expect(h.stderr()).not.toContain("at one call in flight");
    // In a closed loop the same flags promise it, and the pair at one call in flight beside it.
    const closed = await harness(fakeEngine());
    await runCli(["--workloads", "item.get", "--cache", "warm", "--clients", "both"], closed.ctx);
    expect(closed.stderr()).toContain(
      `relix-bench: quick: 1 cell x 2 protocols (+ the pair with one client for both) (+ the pair at one call in flight) ${trialsAndTime(2 + 2 + 2)}`,
    );
  });

  it("runs, prints the table, writes every output relative to where pnpm was run, and exits 0", async () => {
    const h = await harness(fakeEngine());
    const code = await runCli(
      ["--workloads", "item.get", "--cache", "warm", "--md", "out/r.md", "--csv", "out/r.csv"],
      h.ctx,
    );
    expect(code).toBe(0);
    // the engine is set up from the CLI's own environment, not from whatever the process has
    expect(h.loadEngine).toHaveBeenCalledWith(h.ctx.env);
    expect(h.stdout()).toMatch(/item\.get \(warm\)\s+REST\s+\S+\s+0\.800/);
    // The short report by default: a screen, not a log.
    expect(h.stdout().trimEnd().split("\n").length).toBeLessThanOrEqual(25);
    // One client for both sides is quick's only view: no second one promised; the pair is measured
    // at 8 in flight and again at one.
    expect(h.stderr()).toContain(
      `relix-bench: quick: 1 cell x 2 protocols (+ the pair at one call in flight) ${trialsAndTime(4)}`,
    );
    expect(h.stderr()).not.toContain("one client for both)");
    expect(h.stderr()).toContain("[1/2] item.get warm REST trial 1/1: p50 0.800 ms, p99 2.400 ms, 9,000 rps");
    const [json] = await readdir(join(h.dir, "relix-results"));
    expect(json).toMatch(/^20250102-030405-quick-r_fixture0001\.json$/);
    const stored = runResultSchema.parse(JSON.parse(await readFile(join(h.dir, "relix-results", json!), "utf8")));
    expect(stored.spec.workloads).toEqual(["item.get"]);
    expect(await readFile(join(h.dir, "out/r.md"), "utf8")).toMatch(/^# Relix run/);
    expect(await readFile(join(h.dir, "out/r.csv"), "utf8")).toMatch(/^run_id,preset,workload/);
    expect(h.stderr()).toContain(`wrote ${join(h.dir, "out/r.md")}`);
  });

  it("stores a study preset's published figures in the JSON", async () => {
    const h = await harness(
      fakeEngine([
        { workload: "item.get", cacheMode: "warm" },
        { workload: "item.get", cacheMode: "cold" },
      ]),
    );
    expect(await runCli(["--preset", "study-000", "--json", "r.json", "-q"], h.ctx)).toBe(0);
    const stored = JSON.parse(await readFile(join(h.dir, "r.json"), "utf8"));
    // The preset measures the study's pair (spring, grpc-java) and Node's: each figure sits beside both.
    const labels = stored.cells[0].published.map((f: { label: string }) => f.label);
    expect(labels).toContain("mean latency, warm cache (spring vs grpc-java)");
    expect(labels).toContain("mean latency, warm cache (express vs grpc-js)");
    expect(h.stdout()).toMatch(/published figure\s+published\s+measured/);
    expect(h.stdout()).toContain("mean latency, warm cache (spring vs grpc-java)");
    expect(h.stderr()).toBe("");
  });

  it("prints the full report with --verbose: the tables and sentences the short one leaves out", async () => {
    const h = await harness(fakeEngine());
    expect(await runCli(["--workloads", "item.get", "--cache", "warm", "--no-json", "-q", "--verbose"], h.ctx)).toBe(0);
    expect(h.stdout()).toMatch(/item\.get\s+warm\s+REST\s+0\.800/);
    expect(h.stdout()).toContain("p50 speedup = REST p50 / gRPC p50");
  });

  it("explains a finding code from docs/findings.md, lists every code, and refuses an unknown one", async () => {
    const h = await harness(fakeEngine());
    expect(await runCli(["--explain", "rx009"], h.ctx)).toBe(0);
    expect(h.stdout()).toMatch(/^## RX009 short-window: SHORT WINDOW\n/);
    expect(h.stdout()).toContain("**What to do.**");
    expect(h.loadEngine).not.toHaveBeenCalled();

    const list = await harness(fakeEngine());
    expect(await runCli(["--explain"], list.ctx)).toBe(0);
    for (const [kind, entry] of Object.entries(FINDING_KINDS))
      expect(list.stdout()).toMatch(new RegExp(`${entry.code}\\s+${kind}\\s`));

    const withRun = await harness(fakeEngine());
    expect(await runCli(["--trials", "3", "--explain", "RX009"], withRun.ctx)).toBe(2);
    expect(withRun.stderr()).toContain("--explain takes a code and nothing else (got --trials 3)");
    expect(withRun.loadEngine).not.toHaveBeenCalled();

    const unknown = await harness(fakeEngine());
    expect(await runCli(["--explain", "RX999"], unknown.ctx)).toBe(2);
    expect(unknown.stderr()).toContain('--explain "RX999": no such finding code');
  });

  it("exits 1 when a threshold fails, naming it and the measured value", async () => {
    const h = await harness(fakeEngine());
    const code = await runCli(
      ["--workloads", "item.get", "--no-json", "--threshold", "grpc.p99<1ms", "--threshold", "rest.rps>=1000"],
      h.ctx,
    );
    expect(code).toBe(1);
    expect(h.stdout()).toContain(
      "Thresholds: 1 of 2 failed\nFAIL  grpc.p99<1ms\n        item.get@warm: measured 1.600 ms\npass  rest.rps>=1000 (item.get@warm 9000.0 rps)\n",
    );
  });

  it("exits 0 when every threshold holds", async () => {
    const h = await harness(fakeEngine());
    expect(await runCli(["--workloads", "item.get", "--no-json", "--threshold", "ratio.p50.low>1"], h.ctx)).toBe(0);
    expect(h.stdout()).toContain("Thresholds: all held");
  });

  it("cancels the run on Ctrl-C through the AbortSignal and exits 130; a second Ctrl-C forces the exit", async () => {
    let seen: AbortSignal | undefined;
    const h = await harness((_spec, options) => {
      seen = options?.signal;
      return new Promise((_resolve, reject) =>
        options?.signal?.addEventListener("abort", () => setTimeout(() => reject(new RunCancelledError()), 10)),
      );
    });
    const running = runCli(["--no-json"], h.ctx);
    await vi.waitFor(() => expect(seen).toBeDefined());
    h.signal("SIGINT");
    expect(seen!.aborted).toBe(true);
    h.signal("SIGINT");
    expect(h.forceExit).toHaveBeenCalledWith(130);
    expect(await running).toBe(130);
    expect(h.stderr()).toContain("stopping the run");
    expect(h.stderr()).toContain("cancelled; nothing was written");
    expect(h.stdout()).toBe("");
  });

  it("exits 3 with the reason when the run fails", async () => {
    const h = await harness(async () => {
      throw new Error("preflight: REST and gRPC answers differ for item.get");
    });
    expect(await runCli(["--no-json"], h.ctx)).toBe(3);
    expect(h.stderr()).toContain("relix-bench: the run failed: preflight: REST and gRPC answers differ for item.get");
  });
});
