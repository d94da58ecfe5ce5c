import { runSpecSchema, type RunResult } from "@relix/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedCpus, planPinning } from "./cpu-pinning";
import type { EngineContext } from "../engine-context";
import { runBenchmark } from "../run-benchmark";
import { testEngineContext } from "../testing/engine-context";
import { childProcessesNamed, startLocalServices, type LocalServices } from "../testing/local-services";

const canPin = (await planPinning(process.env)).layout !== null;

/** The cores each process was allowed while the run measured, read from /proc as it ran. */
interface Observed {
  runner: number[][];
  services: number[][];
  ghz: number[][];
}

describe.skipIf(!canPin)("a run with and without pinned cores", () => {
  let local: LocalServices;
  let context: EngineContext;
  const everyCore = allowedCpus()!;

  beforeAll(async () => {
    local = await startLocalServices();
    context = await testEngineContext(local.targets);
  }, 120_000);
  afterAll(async () => {
    await local?.services.stop();
  });

  async function observedRun(pinCores: boolean): Promise<{ result: RunResult; seen: Observed }> {
    const spec = runSpecSchema.parse({ workloads: ["noop"], connections: 2, durationMs: 1_000, warmupMs: 0, pinCores });
    const seen: Observed = { runner: [], services: [], ghz: [] };
    // Only inside a cell: before the first and after the last the affinity is being set or put back.
    let inCell = false;
    const look = () => {
      if (!inCell) return;
      seen.runner.push(allowedCpus()!);
      for (const pid of local.services.pids!) seen.services.push(allowedCpus(pid)!);
      for (const pid of childProcessesNamed("ghz")) {
        const cpus = allowedCpus(pid);
        if (cpus) seen.ghz.push(cpus);
      }
    };
    const poll = setInterval(look, 100);
    try {
      const result = await runBenchmark(spec, {
        services: local.services,
        context,
        onEvent: (e) => {
          if (e.type === "cell-start") {
            inCell = true;
            look();
          }
          if (e.type === "cell-end") inCell = false;
        },
      });
      return { result, seen };
    } finally {
      clearInterval(poll);
    }
  }

  it("records the layout, and the runner, ghz and the services really ran on the cores it names", async () => {
    const { result, seen } = await observedRun(true);
    const layout = result.environment.cpuLayout!;
    expect(layout).toEqual({ generator: expect.any(Array), services: expect.any(Array) });
    expect(result.facts?.some((f) => f.kind === "cpu-pinning-unavailable")).toBe(false);
    expect(seen.ghz.length).toBeGreaterThan(0);
    for (const cpus of seen.ghz) expect(cpus).toEqual(layout.generator);
    for (const cpus of seen.runner) expect(cpus).toEqual(layout.generator);
    for (const cpus of seen.services) expect(cpus).toEqual(layout.services);
    // Put back afterwards: the next run (or the runner service) starts from the machine as it was.
    expect(allowedCpus()).toEqual(everyCore);
    for (const pid of local.services.pids!) expect(allowedCpus(pid)).toEqual(everyCore);
  }, 60_000);

  it("off sets no affinity anywhere and records a null layout", async () => {
    const { result, seen } = await observedRun(false);
    expect(result.environment.cpuLayout).toBeNull();
    expect(seen.ghz.length).toBeGreaterThan(0);
    for (const cpus of [...seen.ghz, ...seen.runner, ...seen.services]) expect(cpus).toEqual(everyCore);
  }, 60_000);
});
