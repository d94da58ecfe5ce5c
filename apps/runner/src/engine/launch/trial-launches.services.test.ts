/**
 * Launches as the replicate, through the engine with the real Node services over the test Redis
 * and MariaDB: a run that starts its own services restarts them for its second trial (new pids,
 * on the same cores, every cell's second trial on the new launch) and records both launches; a
 * run handed services it did not start measures them as they are, never restarting them, and its
 * result says the trials shared one launch.
 */
import { readFileSync } from "node:fs";
import { getFreePort } from "@relix/io/backends";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResultSchema, runSpecSchema, type RunResult } from "@relix/core";
import { runBenchmark } from "../run-benchmark";
import type { RunEvent } from "../run-events";
import { testEngineContext } from "../testing/engine-context";
import { childProcessesNamed, startLocalServices, type LocalServices } from "../testing/local-services";
import { allowedCpus, planPinning } from "./cpu-pinning";
import type { ServiceTargets } from "./targets";

const canPin = (await planPinning(process.env)).layout !== null;

/** Two cells, two trials, short windows: enough to see two launches and the cells' order. */
const twoTrials = runSpecSchema.parse({
  workloads: ["noop", "item.get"],
  cacheModes: ["warm"],
  // One call in flight: the run measures no second, light-load pass (it is already at light load).
  connections: 1,
  keyCount: 10,
  warmupMs: 100,
  durationMs: 500,
  trials: 2,
  // Where the machine allows it: each launch's processes must be placed as the first launch's were.
  pinCores: canPin,
});

/** This process's node children started with REST_PORT=`port`: the two service processes of a run on those targets. */
function serviceProcessesOn(port: number): number[] {
  return childProcessesNamed("node").filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`REST_PORT=${port}`);
    } catch {
      return false;
    }
  });
}

const pidsOf = (result: RunResult, launch: number) =>
  result.launches!.find((l) => l.launch === launch)!.processes.map((p) => p.pid);

describe("a run that starts its own services", () => {
  let targets: ServiceTargets;
  let result: RunResult;
  const events: RunEvent[] = [];
  /** The cores each service process was allowed during the second trial's first cell, by pid. */
  const secondTrialCores = new Map<number, number[] | null>();
  let restartMs = 0;

  beforeAll(async () => {
    const [restPort, grpcPort, grpcMetricsPort] = await Promise.all([getFreePort(), getFreePort(), getFreePort()]);
    targets = { host: "127.0.0.1", restPort, grpcPort, grpcMetricsPort };
    const context = await testEngineContext(targets);
    let restartStarted = 0;
    result = await runBenchmark(twoTrials, {
      context,
      runId: "two-launches-test",
      onEvent: (event) => {
        events.push(event);
        if (event.type === "phase" && event.message.startsWith("launch 2")) restartStarted = performance.now();
        if (event.type === "cell-start" && event.cell.trial === 2 && secondTrialCores.size === 0) {
          restartMs = performance.now() - restartStarted;
          for (const pid of serviceProcessesOn(targets.restPort)) secondTrialCores.set(pid, allowedCpus(pid));
        }
      },
    });
    console.log(`second launch: services restarted and ready in ${(restartMs / 1000).toFixed(2)} s`);
  }, 180_000);

  it("records a launch per trial, each with its own server processes, and stops both", () => {
    expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
    expect(result.launches!.map((l) => [l.launch, l.fresh])).toEqual([
      [1, true],
      [2, true],
    ]);
    for (const launch of result.launches!) {
      expect(launch.processes.map((p) => p.name)).toEqual(["node-rest", "node-grpc"]);
    }
    const [first, second] = [pidsOf(result, 1), pidsOf(result, 2)];
    expect(second.some((pid) => first.includes(pid))).toBe(false);
    expect(result.launches![1]!.processes[0]!.startedAt > result.launches![0]!.processes[0]!.startedAt).toBe(true);
    // The second trial ran on the second launch's processes: those were the ones serving then.
    expect([...secondTrialCores.keys()].sort()).toEqual([...second].sort());
    // None outlives the run: the first launch's were stopped for the second, the second's at the end.
    for (const pid of [...first, ...second]) expect(allowedCpus(pid)).toBeNull();
  });

  it("measures trial t of every cell on launch t, cells in the spec's order, the sides' order turned", () => {
    expect(result.cells.map((c) => c.workload)).toEqual(["noop", "item.get"]);
    for (const cell of result.cells) {
      expect(cell.trials.map((t) => [t.trial, t.launch])).toEqual([
        [1, 1],
        [2, 2],
      ]);
      expect(cell.trials[1]!.order).toEqual([...cell.trials[0]!.order].reverse());
    }
    // Trial-major: both cells' first trials, then the restart, then both cells' second trials.
    const steps = events
      .flatMap((e) =>
        e.type === "cell-end"
          ? [`${e.cell.workload} ${e.cell.trial}`]
          : e.type === "phase" && e.message.startsWith("launch ")
            ? [e.message]
            : [],
      )
      // One step per cell's trial, however many stack runs it made.
      .filter((step, i, all) => step !== all[i - 1]);
    expect(steps).toEqual([
      "noop 1",
      "item.get 1",
      "launch 2 of 2: restarting the services for trial 2",
      "noop 2",
      "item.get 2",
    ]);
  });

  it.skipIf(!canPin)("pins the second launch's processes to the same cores as the first", () => {
    const layout = result.environment.cpuLayout!;
    expect(layout).not.toBeNull();
    expect(secondTrialCores.size).toBe(2);
    for (const cores of secondTrialCores.values()) expect(cores).toEqual(layout.services);
  });
});

describe("a run that starts a server of another runtime beside its own services", () => {
  it("restarts that one too for its second trial", async () => {
    const [restPort, grpcPort, grpcMetricsPort, fastapi] = await Promise.all(
      Array.from({ length: 4 }, () => getFreePort()),
    );
    const targets: ServiceTargets = {
      host: "127.0.0.1",
      restPort: restPort!,
      grpcPort: grpcPort!,
      grpcMetricsPort: grpcMetricsPort!,
      stackPorts: { fastapi: fastapi! },
    };
    const spec = runSpecSchema.parse({
      ...twoTrials,
      workloads: ["noop"],
      stacks: ["express", "grpc-js", "fastapi"],
      pinCores: false,
    });
    const result = await runBenchmark(spec, { context: await testEngineContext(targets) });
    expect(result.launches!.map((l) => l.processes.map((p) => p.name))).toEqual([
      ["node-rest", "node-grpc", "python-fastapi"],
      ["node-rest", "node-grpc", "python-fastapi"],
    ]);
    const fastapiPid = (launch: number) => pidsOf(result, launch)[2];
    expect(fastapiPid(2)).not.toBe(fastapiPid(1));
    expect(result.cells[0]!.trials.map((t) => t.launch)).toEqual([1, 2]);
    expect(result.cells[0]!.stacks!.find((s) => s.stack === "fastapi")!.trials).toHaveLength(2);
    for (const pid of [...pidsOf(result, 1), ...pidsOf(result, 2)]) expect(allowedCpus(pid)).toBeNull();
  }, 180_000);
});

describe("a run handed services it did not start", () => {
  let local: LocalServices;

  beforeAll(async () => {
    local = await startLocalServices();
  }, 120_000);
  afterAll(async () => {
    await local?.services.stop();
  });

  it("measures them as they are, never restarting them, and says the trials shared one launch", async () => {
    const before = local.services.processes!();
    const events: RunEvent[] = [];
    const result = await runBenchmark(runSpecSchema.parse({ ...twoTrials, workloads: ["noop"], pinCores: false }), {
      services: local.services,
      context: await testEngineContext(local.targets),
      onEvent: (event) => events.push(event),
    });
    expect(result.launches).toEqual([{ launch: 1, fresh: false, processes: before }]);
    expect(result.cells[0]!.trials.map((t) => t.launch)).toEqual([1, 1]);
    expect(events.some((e) => e.type === "phase" && e.message.includes("restarting"))).toBe(false);
    // Still the same processes, still serving.
    expect(local.services.processes!()).toEqual(before);
    for (const { pid } of before) expect(allowedCpus(pid)).not.toBeNull();
    expect((await fetch(`http://127.0.0.1:${local.targets.restPort}/healthz`)).ok).toBe(true);
  }, 120_000);
});
