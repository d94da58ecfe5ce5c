import { spawn, type ChildProcess } from "node:child_process";
import { startEphemeralRedis, type EphemeralServer } from "@relix/io/backends";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedCpus, parseCpuList, planPinning, splitCores } from "./cpu-pinning";
import { pinForRun } from "./run-pinning";
import { startLocalServices, type LocalServices } from "../testing/local-services";

describe("core lists and layouts", () => {
  it("reads the kernel's list format", () => {
    expect(parseCpuList("0-2,5\n")).toEqual([0, 1, 2, 5]);
    expect(parseCpuList("3")).toEqual([3]);
  });

  it("gives the generator a quarter of the cores (at least one) and the servers the rest, never one core to both", () => {
    expect(splitCores([0])).toBeNull();
    expect(splitCores([0, 1])).toEqual({ generator: [0], services: [1] });
    expect(splitCores([0, 1, 2, 3, 4, 5, 6, 7])).toEqual({ generator: [0, 1], services: [2, 3, 4, 5, 6, 7] });
  });

  it("says why it cannot pin when the services were not started by this run", async () => {
    const pinning = await pinForRun(true, { pids: [] }, process.env);
    expect(pinning.layout).toBeNull();
    expect(pinning.facts).toEqual([
      { kind: "cpu-pinning-unavailable", reason: expect.stringMatching(/already running/) },
    ]);
  });
});

const canPin = (await planPinning(process.env)).layout !== null;

describe.skipIf(!canPin)("pinning the processes of a run", () => {
  let local: LocalServices;
  let redis: EphemeralServer;
  const everyCore = allowedCpus()!;

  beforeAll(async () => {
    [local, redis] = await Promise.all([startLocalServices(), startEphemeralRedis()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([local?.services.stop(), redis?.stop()]);
  });

  /** A process started the way the drivers start ghz: a plain child of this process. */
  async function spawnedChildCpus(): Promise<number[] | null> {
    const child: ChildProcess = spawn("sleep", ["5"], { stdio: "ignore" });
    await new Promise((resolve) => child.once("spawn", resolve));
    const cpus = allowedCpus(child.pid);
    child.kill();
    return cpus;
  }

  it("puts the APIs and Redis on the services' cores and this process and what it spawns on the generator's", async () => {
    const servicePids = [...local.services.pids!, redis.pid];
    expect(local.services.pids).toHaveLength(2);
    const pinning = await pinForRun(true, { pids: servicePids }, process.env);
    try {
      expect(pinning.facts).toEqual([]);
      const layout = pinning.layout!;
      expect([...layout.generator, ...layout.services].sort()).toEqual(everyCore);
      for (const pid of servicePids) expect(allowedCpus(pid)).toEqual(layout.services);
      expect(allowedCpus()).toEqual(layout.generator);
      expect(await spawnedChildCpus()).toEqual(layout.generator);
    } finally {
      await pinning.release();
    }
    for (const pid of servicePids) expect(allowedCpus(pid)).toEqual(everyCore);
    expect(allowedCpus()).toEqual(everyCore);
  });

  it("sets no affinity when off", async () => {
    const pinning = await pinForRun(false, { pids: local.services.pids! }, process.env);
    expect(pinning.layout).toBeNull();
    expect(pinning.facts).toEqual([]);
    for (const pid of local.services.pids!) expect(allowedCpus(pid)).toEqual(everyCore);
    expect(await spawnedChildCpus()).toEqual(everyCore);
    await pinning.release();
  });
});
