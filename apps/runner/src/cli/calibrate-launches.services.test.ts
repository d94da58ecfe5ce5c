/**
 * `pnpm bench:calibrate` samples launches: each of its reruns starts the services afresh and stops
 * them, as a `pnpm bench` of its own would, so the spread it measures includes what changes from
 * one launch to the next. Through the real engine, the real Node services and the test Redis and
 * MariaDB, on ports of the test's own.
 */
import { getFreePort } from "@relix/io/backends";
import { optionalStackIds, stackPortVariable } from "@relix/core/stacks/port-variables";
import { describe, expect, it } from "vitest";
import type { RunResult } from "@relix/core";
import { calibrationEngine } from "../engine/engine-from-env";
import { allowedCpus } from "../engine/launch/cpu-pinning";
import { runCalibration } from "./calibrate";

describe("pnpm bench:calibrate", () => {
  it("starts the services afresh for every rerun and stops them after it", async () => {
    const [rest, grpc, metrics] = await Promise.all([getFreePort(), getFreePort(), getFreePort()]);
    const env = {
      ...process.env,
      REST_PORT: String(rest),
      GRPC_PORT: String(grpc),
      GRPC_METRICS_PORT: String(metrics),
      // The other Node stacks stay off: their default ports may be another test's.
      ...Object.fromEntries(optionalStackIds.map((stack) => [stackPortVariable(stack).variable, "off"])),
      RELIX_RUN_TO_RUN_FILE: "off",
    };
    const results: RunResult[] = [];
    const err: string[] = [];
    const code = await runCalibration(
      ["--repeat", "2", "--workloads", "noop", "--clients", "tools", "--connections", "1", "--trials", "1"].concat([
        "--warmup",
        "0",
        "--duration",
        "500ms",
      ]),
      {
        stdout: { write: () => {} },
        stderr: { write: (text: string) => err.push(text) },
        env,
        cwd: process.cwd(),
        // The engine calibrate runs on, each result kept to see which processes served it.
        loadEngine: async (engineEnv) => {
          const runBenchmark = await calibrationEngine(engineEnv);
          return async (spec, options) => {
            const result = await runBenchmark(spec, options);
            results.push(result);
            return result;
          };
        },
        onSignal: () => () => {},
      },
    );
    expect(code, err.join("")).toBe(0);
    expect(results).toHaveLength(2);
    const pidsOf = (result: RunResult) => result.launches!.flatMap((launch) => launch.processes.map((p) => p.pid));
    for (const result of results) {
      expect(result.launches!.map((l) => l.fresh)).toEqual([true]);
      expect(pidsOf(result)).toHaveLength(2);
    }
    const [first, second] = results.map(pidsOf);
    expect(second!.some((pid) => first!.includes(pid))).toBe(false);
    // Each rerun stopped what it started: nothing of either is left running.
    for (const pid of [...first!, ...second!]) expect(allowedCpus(pid)).toBeNull();
  }, 180_000);
});
