import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { layeredRunToRun } from "@relix/core/presets/calibrations/reference-run-to-run";
import {
  HEADLINE_PAIR_NAME,
  runToRunBookSchema,
  runToRunLookup,
  runToRunScope,
} from "@relix/core/stats/run-to-run-book";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { parseCliArgs, type CliRun } from "./args";
import { comparisonsOf, renderCalibration, runCalibration, splitRepeat } from "./calibrate";
import { UsageError } from "./usage-error";

describe("pnpm bench:calibrate's arguments", () => {
  it("takes --repeat out and leaves pnpm bench's flags", () => {
    expect(splitRepeat(["--workloads", "noop", "--repeat", "5", "--trials", "1"])).toEqual({
      repeat: 5,
      rest: ["--workloads", "noop", "--trials", "1"],
    });
    expect(splitRepeat(["--repeat=3"]).repeat).toBe(3);
    expect(splitRepeat([]).repeat).toBe(20);
  });

  it("refuses a repeat count out of bounds, naming the flag", () => {
    expect(() => splitRepeat(["--repeat", "1"])).toThrow(UsageError);
    expect(() => splitRepeat(["--repeat", "1"])).toThrow(/--repeat/);
    expect(() => splitRepeat(["--repeat"])).toThrow(/needs a number/);
  });
});

describe("the calibration report", () => {
  const result = makeRunResult({ spec: { workloads: ["noop", "item.get"], trials: 3 } });

  it("names every comparison the same way in every repeat", () => {
    const names = [...comparisonsOf(result).keys()];
    expect(names).toContain("noop · REST vs gRPC · p50");
    expect(names).toContain("item.get warm · REST vs gRPC · rps");
  });

  it("prints each run, the median, the coverage and the opposite-winner pairs", () => {
    const runs = [
      { estimate: 1.0, low: 0.9, high: 1.1, winner: "none" },
      { estimate: 1.3, low: 1.2, high: 1.4, winner: "grpc" },
      { estimate: 0.8, low: 0.7, high: 0.9, winner: "rest" },
      { estimate: 1.02, low: 1.02, high: 1.02, winner: "none", degenerate: true },
    ];
    const text = renderCalibration(new Map([["noop · REST vs gRPC · p50", runs]]));
    expect(text).toContain("run  2: 1.30x [1.20-1.40] grpc");
    expect(text).toContain("run  4: 1.02x (no interval)");
    // Median of 0.8, 1.0, 1.02, 1.3 is 1.01: only the first interval holds it; REST vs gRPC is one opposite pair.
    expect(text).toContain(
      "noop · REST vs gRPC · p50: coverage 1/3 (1 of 4 runs had no interval), opposite-winner pairs 1",
    );
  });
});

/** Twenty reruns whose estimates scatter about 8% while each interval is about ±3%. */
const scattered = Array.from({ length: 20 }, (_, i) => {
  const estimate = 0.63 * Math.exp(0.08 * Math.sin(i * 2.3));
  return { estimate, low: estimate / 1.03, high: estimate * 1.03, winner: "rest" };
});

describe("the run-to-run spread in the calibration report", () => {
  it("says how much more the runs scatter than their intervals, and how widened intervals would hold", () => {
    const text = renderCalibration(new Map([["item.get warm · REST vs gRPC · p50", scattered]]));
    const spread = /run-to-run spread beyond the runs' own intervals: (\d+)%/.exec(text);
    expect(Number(spread?.[1])).toBeGreaterThanOrEqual(4);
    expect(Number(spread?.[1])).toBeLessThanOrEqual(7);
    // The spread kept is the largest any run needed to reach the others' median: some, here.
    const kept = /kept for later runs: (\d+)% \(what brings 95% of reruns to the others' median\)/.exec(text);
    expect(Number(kept?.[1])).toBeGreaterThan(0);
    const summary = /coverage (\d+)\/20, opposite-winner pairs 0; widened (\d+)\/20, 0/.exec(text);
    expect(Number(summary?.[1])).toBeLessThan(12);
    expect(Number(summary?.[2])).toBeGreaterThanOrEqual(18);
  });

  it("holds the runs to the spread kept before them, naming where it came from", () => {
    const name = "item.get warm · REST vs gRPC · p50";
    const before = (spread: number, source: "this-machine" | "reference") => () => ({
      scope: "s",
      comparison: name,
      spread,
      runs: 20,
      measuredAt: "2026-11-27T06:15:20.309Z",
      source,
    });
    const loose = renderCalibration(new Map([[name, scattered]]), before(0.1, "this-machine"));
    expect(loose).toContain(
      "held by the spread kept before these runs (10%, this machine's calibration of 2026-11-27): coverage 20/20, opposite-winner pairs 0",
    );
    expect(loose).toMatch(/widened \d+\/20, 0; before 20\/20, 0/);
    // A spread too small for these runs: the earlier calibration did not hold this session.
    const tight = renderCalibration(new Map([[name, scattered]]), before(0.005, "reference"));
    const held =
      /kept before these runs \(0\.5%, the reference machine's calibration of 2026-11-27\): coverage (\d+)\/20/.exec(
        tight,
      );
    expect(Number(held?.[1])).toBeLessThan(12);
    // Nothing kept before (a first calibration with the book turned off): no such line.
    expect(renderCalibration(new Map([[name, scattered]]))).not.toContain("held by the spread kept before");
  });

  it("says when the runs are too few for a spread", () => {
    const text = renderCalibration(new Map([["noop · REST vs gRPC · p50", scattered.slice(0, 3)]]));
    expect(text).toContain("run-to-run spread beyond the runs' own intervals: not measured (fewer than 4 runs");
  });
});

describe("the commands the reference calibrations were made with", () => {
  it("quick and study-000 at the settings they were calibrated at get the reference machine's spreads; quick's new defaults do not", () => {
    const none = { version: 1 as const, entries: [] };
    // quick was calibrated at its earlier defaults: 1.5 s windows after 0.4 s, one trial, both clients.
    const calibratedQuick = (
      parseCliArgs(["--duration", "1.5s", "--warmup", "400ms", "--trials", "1", "--clients", "both"]) as CliRun
    ).spec;
    expect(
      layeredRunToRun(none, calibratedQuick).noiseOf("meteorites.get warm", HEADLINE_PAIR_NAME, "p50")?.source,
    ).toBe("reference");
    // Today's `pnpm bench` is another spec (three launches of 0.6 s windows, one client for both):
    // the reference machine never reran it, so its spreads are the assumed ones, a note only.
    const quick = (parseCliArgs([]) as CliRun).spec;
    const today = layeredRunToRun(none, quick).noiseOf("meteorites.get warm", HEADLINE_PAIR_NAME, "p50");
    expect(today).toMatchObject({ source: "assumed" });
    expect(today?.withholdsWinner).toBeUndefined();
    const shortened = (
      parseCliArgs(["--preset", "study-000", "--duration", "2s", "--warmup", "1s", "--trials", "1"]) as CliRun
    ).spec;
    expect(layeredRunToRun(none, shortened).noiseOf("item.get warm", "spring vs express", "p50")?.source).toBe(
      "reference",
    );
    // Its defaults are that length; a longer run of it was not calibrated: assumed, a note beside the
    // verdict that never withholds its winner (a spread from elsewhere gates nothing).
    const defaults = (parseCliArgs(["--preset", "study-000"]) as CliRun).spec;
    expect(layeredRunToRun(none, defaults).noiseOf("item.get warm", HEADLINE_PAIR_NAME, "p50")?.source).toBe(
      "reference",
    );
    const longer = (parseCliArgs(["--preset", "study-000", "--duration", "10s"]) as CliRun).spec;
    const assumed = layeredRunToRun(none, longer).noiseOf("item.get warm", HEADLINE_PAIR_NAME, "p50");
    expect(assumed).toMatchObject({ source: "assumed" });
    expect(assumed?.withholdsWinner).toBeUndefined();
  });
});

describe("pnpm bench:calibrate keeps the spreads for later runs", () => {
  /** A calibration of `argv` over an engine whose runs scatter as real reruns do; what it wrote and said. */
  async function calibrate(argv: string[], env: Record<string, string>) {
    let run = 0;
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCalibration(argv, {
      stdout: { write: (text: string) => out.push(text) },
      stderr: { write: (text: string) => err.push(text) },
      env,
      cwd: process.cwd(),
      loadEngine: async () => async (spec) => {
        const restMs = 0.5 * Math.exp(0.08 * Math.sin(++run * 2.3));
        return makeRunResult({ spec, rest: { p50: restMs }, grpc: { p50: 0.5 } });
      },
      onSignal: () => () => {},
    });
    return { code, out: out.join(""), err: err.join("") };
  }

  it("writes each comparison's spread under the spec's scope, and keeps other specs' entries", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "relix-run-to-run-"));
    const file = path.join(dir, "run-to-run.json");
    const env = { RELIX_RUN_TO_RUN_FILE: file };
    const first = await calibrate(["--repeat", "6", "--workloads", "noop", "--trials", "3"], env);
    expect(first.code).toBe(0);
    expect(first.out).toContain(`kept in ${file}`);
    await calibrate(["--repeat", "5", "--workloads", "noop", "--connections", "16", "--trials", "3"], env);

    const book = runToRunBookSchema.parse(JSON.parse(await fs.readFile(file, "utf8")));
    // The CLI's spec: the quick preset's fields under the flags the first calibration was given.
    const parsed = parseCliArgs(["--workloads", "noop", "--trials", "3"]);
    if (parsed.help) throw new Error("parsed as --help");
    const spec = parsed.spec;
    const lookup = runToRunLookup(book, spec);
    expect(lookup.spreadOf("noop · REST vs gRPC · p50")).toMatchObject({ runs: 6, scope: runToRunScope(spec) });
    expect(runToRunLookup(book, { ...spec, connections: 16 }).spreadOf("noop · REST vs gRPC · p50")?.runs).toBe(5);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("keeps nothing when told not to, and says so", async () => {
    const result = await calibrate(["--repeat", "4", "--workloads", "noop"], { RELIX_RUN_TO_RUN_FILE: "off" });
    expect(result.code).toBe(0);
    expect(result.out).toContain("run-to-run spreads not kept (RELIX_RUN_TO_RUN_FILE=off)");
  });
});
