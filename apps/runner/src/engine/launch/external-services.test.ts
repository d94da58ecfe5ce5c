/**
 * Services run by someone else (RELIX_REMOTE_SERVICES=1): the runner drives them, reads their
 * stats and names their host in the result, and never starts or stops them. Another loopback
 * address, 127.0.0.2, stands for the other host: no traffic leaves this machine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSpecSchema, type RunResult } from "@relix/core";
import { getFreePort } from "@relix/io/backends";
import { loadBenchConfig } from "../../config/runner-config";
import { runBenchmark } from "../run-benchmark";
import type { RunEvent } from "../run-events";
import { ensureServices, type ManagedServices } from "./service-manager";
import type { ServiceTargets } from "./targets";
import { testEngineContext } from "../testing/engine-context";
import { childProcessesNamed } from "../testing/local-services";

const OTHER_HOST = "127.0.0.2";

const freePorts = () => Promise.all([getFreePort(), getFreePort(), getFreePort()]);

/** The operator's services on the other host: started here, as a second machine would run them. */
async function startOperatorServices(): Promise<{ targets: ServiceTargets; services: ManagedServices }> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const [restPort, grpcPort, grpcMetricsPort] = await freePorts();
    const targets: ServiceTargets = { host: OTHER_HOST, restPort, grpcPort, grpcMetricsPort };
    try {
      return { targets, services: await ensureServices(targets, { env: process.env }) };
    } catch (error) {
      lastError = error;
      if (!/EADDRINUSE|is running but/.test(String((error as Error).message))) throw error;
    }
  }
  throw lastError;
}

/** What the runner reads at start-up when the operator points it at those services. */
const operatorEnv = (targets: ServiceTargets) => ({
  SERVICES_HOST: targets.host,
  REST_PORT: String(targets.restPort),
  GRPC_PORT: String(targets.grpcPort),
  GRPC_METRICS_PORT: String(targets.grpcMetricsPort),
  RELIX_REMOTE_SERVICES: "1",
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe(`services the operator runs on another host (${OTHER_HOST})`, () => {
  let operator: { targets: ServiceTargets; services: ManagedServices };
  let result: RunResult;
  const events: RunEvent[] = [];
  const nodeChildrenDuringRun: number[][] = [];
  let nodeChildrenBefore: number[];

  beforeAll(async () => {
    if (!process.env.REDIS_URL || !process.env.MYSQL_URL) throw new Error("run through vitest (test/global-setup.ts)");
    operator = await startOperatorServices();
    nodeChildrenBefore = childProcessesNamed("node").sort();
    const { targets } = loadBenchConfig(operatorEnv(operator.targets));
    const context = await testEngineContext(targets);
    const spec = runSpecSchema.parse({
      workloads: ["item.get"],
      cacheModes: ["warm"],
      connections: 2,
      warmupMs: 250,
      durationMs: 500,
      trials: 1,
      keyCount: 20,
    });
    // No services handed in: the engine asks ensureServices, as `pnpm bench` and the runner service do.
    result = await runBenchmark(spec, {
      context,
      onEvent: (event) => {
        events.push(event);
        if (event.type === "cell-start") nodeChildrenDuringRun.push(childProcessesNamed("node").sort());
      },
      runId: "external-services-run",
    });
  });

  afterAll(async () => {
    await operator?.services.stop();
  });

  it("is driven by the runner configured for it, with server stats read from that host", () => {
    expect(result.cells).toHaveLength(1);
    const trial = result.cells[0]!.trials[0]!;
    for (const measure of [trial.rest, trial.grpc]) {
      expect(measure.requests).toBeGreaterThan(0);
      expect(measure.errors.total).toBe(0);
      expect(measure.server.cpuMsPer1000).toBeGreaterThan(0);
      expect(measure.server.serverTimeMsMean).toBeGreaterThan(0);
    }
  });

  it("names the host, the ports and that the services were external in the result", () => {
    const { restPort, grpcPort, grpcMetricsPort } = operator.targets;
    expect(result.environment.services).toMatchObject({
      rest: { host: OTHER_HOST, port: restPort, statsPort: restPort, owner: "external" },
      grpc: { host: OTHER_HOST, port: grpcPort, statsPort: grpcMetricsPort, owner: "external" },
    });
    // The other stacks' ports as the runner was configured (its defaults here): where it would send them load.
    expect(Object.keys(result.environment.services!.stackPorts ?? {}).sort()).toEqual([
      "fastapi",
      "flask",
      "grpc-java",
      "grpc-js-static",
      "grpcio",
      "h2c",
      "node",
      "node-protobuf",
      "spring",
    ]);
    expect(result.environment.backends).toEqual({ cache: "redis", store: "mysql", origin: "external" });
  });

  it("neither starts nor stops them", async () => {
    const messages = events.flatMap((e) => (e.type === "phase" ? [e.message] : []));
    expect(messages).toContain(
      `using the operator's services at http://${OTHER_HOST}:${operator.targets.restPort} and ${OTHER_HOST}:${operator.targets.grpcPort}`,
    );
    expect(messages.some((m) => /starting/.test(m))).toBe(false);
    expect(nodeChildrenDuringRun.length).toBeGreaterThan(0);
    for (const children of nodeChildrenDuringRun) expect(children).toEqual(nodeChildrenBefore);
    expect(operator.services.pids!.every(alive)).toBe(true);
    const health = await fetch(`http://${OTHER_HOST}:${operator.targets.restPort}/healthz`);
    expect(health.ok).toBe(true);
  });
});

describe("services the operator said are elsewhere, when nothing answers there", () => {
  it("fail with an error naming each host and port, and nothing is started", async () => {
    const [restPort, grpcPort, grpcMetricsPort] = await freePorts();
    const { targets } = loadBenchConfig(operatorEnv({ host: OTHER_HOST, restPort, grpcPort, grpcMetricsPort }));
    const before = childProcessesNamed("node").sort();
    const error = await ensureServices(targets, { env: process.env }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(
      new RegExp(
        `^the REST service at 127\\.0\\.0\\.2:${restPort} is not reachable \\(ECONNREFUSED\\); ` +
          `the gRPC service's metrics port at 127\\.0\\.0\\.2:${grpcMetricsPort} is not reachable \\(ECONNREFUSED\\); ` +
          `its gRPC port is 127\\.0\\.0\\.2:${grpcPort}\\. With RELIX_REMOTE_SERVICES=1 the services are the operator's: ` +
          "the runner does not start them\\.",
      ),
    );
    expect(childProcessesNamed("node").sort()).toEqual(before);
  });
});
