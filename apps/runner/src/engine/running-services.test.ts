/**
 * Services that already answer when a run starts, and that this runner did not start: a killed
 * runner's left-overs answer /healthz like anyone's. They are refused, saying what to do, unless
 * the operator opted in (RELIX_USE_RUNNING_SERVICES=1); then they are measured as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBenchConfig } from "../config/runner-config";
import { ensureServices } from "./launch/service-manager";
import { childProcessesNamed, startLocalServices, type LocalServices } from "./testing/local-services";

let running: LocalServices;
beforeAll(async () => {
  running = await startLocalServices();
}, 120_000);
afterAll(async () => {
  await running?.services.stop();
});

/** The config of a runner pointed at those ports, as its operator's env says. */
const targetsFor = (extra: Record<string, string> = {}) =>
  loadBenchConfig({
    REST_PORT: String(running.targets.restPort),
    GRPC_PORT: String(running.targets.grpcPort),
    GRPC_METRICS_PORT: String(running.targets.grpcMetricsPort),
    ...extra,
  }).targets;

describe("services already running where the runner would start its own", () => {
  it("are refused, saying why and what to do, and nothing is started", async () => {
    const before = childProcessesNamed("node").sort();
    const error = await ensureServices(targetsFor(), { env: process.env }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toBe(
      `services already answer at http://127.0.0.1:${running.targets.restPort} (REST) and ` +
        `http://127.0.0.1:${running.targets.grpcMetricsPort} (gRPC metrics) but this runner did not start them: ` +
        "they may be left over from a runner or `pnpm bench` that was killed, or be someone else's, so nothing was started or measured. " +
        "Stop them (`ss -ltnp` names the process on each port), or, to measure the services running there as they are, " +
        "set RELIX_USE_RUNNING_SERVICES=1 when starting the runner or `pnpm bench`",
    );
    expect(childProcessesNamed("node").sort()).toEqual(before);
  });

  it("are measured as they are when the operator opts in, and never stopped by the runner", async () => {
    const log: string[] = [];
    const services = await ensureServices(targetsFor({ RELIX_USE_RUNNING_SERVICES: "1" }), {
      env: process.env,
      log: (message) => log.push(message),
    });
    expect(services.started).toBe(false);
    expect(log).toEqual([
      `using the services already running at http://127.0.0.1:${running.targets.restPort} and 127.0.0.1:${running.targets.grpcPort}`,
    ]);
    await services.stop();
    expect((await fetch(`http://127.0.0.1:${running.targets.restPort}/healthz`)).ok).toBe(true);
  });
});
