import http2 from "node:http2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultWorkloadParams, runSpecSchema, workloads } from "@relix/core";
import { aimedAt, stackStatsUrl } from "../../plan/stack-table";
import { testEngineContext } from "../../testing/engine-context";
import { startLocalServices, type LocalServices } from "../../testing/local-services";
import { h2loadGenerator } from "./h2load-generator";

let local: LocalServices | undefined;

/** The h2c listener speaks HTTP/2 only (prior knowledge), /stats included: fetch cannot read it. */
async function h2cStats(url: string): Promise<{ requests: { requests: number } }> {
  const { origin, pathname } = new URL(url);
  const session = http2.connect(origin);
  try {
    const body = await new Promise<string>((resolve, reject) => {
      const stream = session.request({ ":path": pathname });
      let text = "";
      stream.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      stream.on("end", () => resolve(text)).on("error", reject);
    });
    return JSON.parse(body) as { requests: { requests: number } };
  } finally {
    session.close();
  }
}
beforeAll(async () => {
  local = await startLocalServices();
});
afterAll(async () => {
  await local?.services.stop();
});

describe("h2load against the REST API's h2c listener", () => {
  it("drives item.get with the planned in-flight count; every request the server counted is a sample or a drop", async () => {
    const targets = local!.targets;
    const context = await testEngineContext(targets);
    const workload = workloads.find((w) => w.id === "item.get")!;
    const spec = runSpecSchema.parse({ workloads: [workload.id], connections: 4, grpcConnections: 2, durationMs: 500 });
    const before = await h2cStats(stackStatsUrl(targets, "h2c"));
    const run = await h2loadGenerator.run({
      ...context,
      stack: "h2c",
      workload,
      cacheMode: "warm",
      requests: workload.requests({ ...defaultWorkloadParams, keyCount: 10 }),
      spec,
      targets: aimedAt(targets, "h2c"),
      durationMs: 600,
      timeoutMs: 5_000,
    });
    // Read the server's count until two reads 100 ms apart agree (ten at most): under load h2load's
    // log has been seen holding a few more answered requests than a single read right after the run.
    let after = await h2cStats(stackStatsUrl(targets, "h2c"));
    for (let read = 0; read < 10; read++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await h2cStats(stackStatsUrl(targets, "h2c"));
      const settled = again.requests.requests === after.requests.requests;
      after = again;
      if (settled) break;
    }
    expect(run.inFlight).toBe(4);
    expect(run.connections).toBe(2);
    expect(run.samples.length).toBeGreaterThan(20);
    expect(run.samples.every((s) => s.ok && s.code === "200")).toBe(true);
    const dropped = run.facts.find((f) => f.kind === "dropped-in-flight")?.requests ?? 0;
    // Every request the server served is a sample or a drop, give or take the requests in flight
    // when h2load stops at -D: it may stop with responses the server already sent still unread, and
    // under load its log has also been seen holding a few more answered requests than the server's
    // count right after the run (1,044 against 1,040 at 4 in flight; the cause is not pinned down:
    // the server counts a request as it ends its reply). Either way never more than the requests in flight.
    const served = after.requests.requests - before.requests.requests;
    expect(Math.abs(served - (run.samples.length + dropped))).toBeLessThanOrEqual(run.inFlight);
    expect(run.cpu).toMatchObject({ threads: "one" });
    expect(await h2loadGenerator.version(context)).toMatch(/^\d+\.\d+\.\d+/);
  });
});
