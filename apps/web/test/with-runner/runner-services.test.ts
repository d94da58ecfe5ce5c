import { startTestRunner, type TestRunner } from "@relix/runner/src/server/testing/test-runner";
import { afterEach, describe, expect, it } from "vitest";
import { serviceBindings } from "@/lib/runner/service-bindings";
import { createRunnerClient } from "@/server/runner-client";

// What the new-run page says about the services, from the runner service's own GET /healthz.

let runner: TestRunner | undefined;
afterEach(async () => {
  await runner?.close();
  runner = undefined;
});

describe("the services the runner drives, as the web reads them", () => {
  it("come from GET /healthz: host:port per service and whose it is", async () => {
    runner = await startTestRunner({
      services: {
        rest: { host: "127.0.0.2", port: 18080, statsPort: 18080, owner: "external" },
        grpc: { host: "127.0.0.2", port: 15051, statsPort: 19464, owner: "external" },
      },
    });
    const health = await createRunnerClient({ url: runner.url }).getHealth();
    expect(serviceBindings(health.services).map((b) => `${b.protocol} ${b.address} ${b.owner}`)).toEqual([
      "REST 127.0.0.2:18080 external",
      "gRPC 127.0.0.2:15051 external",
    ]);
  });

  it("are not shown when the runner does not say", async () => {
    runner = await startTestRunner();
    const health = await createRunnerClient({ url: runner.url }).getHealth();
    expect(health).toEqual({ status: "ok", running: false, waiting: 0 });
    expect(serviceBindings(health.services)).toEqual([]);
  });
});
