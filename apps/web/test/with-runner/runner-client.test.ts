import { startTestRunner, waitForStatus, type TestRunner } from "@relix/runner/src/server/testing/test-runner";
import { runSpecSchema } from "@relix/core/spec/run-spec";
import { specBounds } from "@relix/core/spec/bounds";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldOfPath } from "@/lib/spec-form/spec-form";
import { loadNewRunOptions } from "@/server/new-run-options";
import { resultOfRun } from "@/server/run-result";
import { createRunnerClient, type RunnerClient } from "@/server/runner-client";
import { explainRunnerError, RunnerHttpError, RunnerUnavailableError } from "@/server/runner-errors";

// The web app's runner client against the real runner HTTP service (its fake engine stands in for
// load generation): every answer goes through the runner's own schemas on the way in.

const spec = { workloads: ["noop"], durationMs: 1000, warmupMs: 0 };

let runner: TestRunner;
let client: RunnerClient;
beforeAll(async () => {
  runner = await startTestRunner();
  client = createRunnerClient({ url: runner.url });
});
afterAll(async () => {
  await runner?.close();
});

describe("the runner client, against the runner service", () => {
  it("loads what the new-run form is built from: presets with their full spec, the catalog, bounds and defaults", async () => {
    const options = await loadNewRunOptions(client);
    const quick = options.presets.find((p) => p.name === "quick");
    expect(quick?.spec.workloads.length).toBeGreaterThan(0);
    expect(options.presets.find((p) => p.name === "study-001")?.publishedFigures).toBeGreaterThan(0);
    expect(options.workloads.map((w) => w.id)).toContain("item.get");
    expect(options.bounds.connections).toEqual(specBounds.connections);
    const { workloads: _workloads, ...defaults } = runSpecSchema.parse({ workloads: ["noop"] });
    expect(options.defaults).toEqual(defaults);
    expect(options.cacheModes).toEqual(["warm", "cold", "miss", "memory"]);
  });

  it("starts a run, reads it while it runs and once done, with its result; lists it; imports its result", async () => {
    const started = await client.startRun({ spec });
    expect(started).toMatchObject({ status: "queued", position: 1 });
    const fake = await runner.engine.started(0);
    await waitForStatus(runner, started.id, "running");
    fake.emit({ type: "progress", fraction: 0.5, elapsedMs: 500, remainingMs: 500 });
    expect(await client.getRun(started.id)).toMatchObject({ status: "running", live: { progress: { fraction: 0.5 } } });

    fake.finish();
    await waitForStatus(runner, started.id, "done");
    const run = (await client.getRun(started.id))!;
    // The fake engine's one-trial result has no interval: no winner named.
    expect(run).toMatchObject({ status: "done", headline: { workload: "noop", winner: "none" } });
    const outcome = await resultOfRun(client, run);
    expect(outcome).toMatchObject({ ok: true, result: { id: started.id } });
    expect((await client.getResult(started.id))?.ok).toBe(true);
    expect((await client.listRuns()).map((r) => r.id)).toContain(started.id);

    if (!outcome?.ok) throw new Error("the run has no result");
    const importedId = await client.importResult(outcome.result);
    expect(await client.getRun(importedId)).toMatchObject({ status: "done", imported: true });
  });

  it("cancels a queued run at once and a running one when the engine stops", async () => {
    const running = await client.startRun({ spec });
    const queued = await client.startRun({ spec });
    expect(queued.position).toBe(1);
    await waitForStatus(runner, running.id, "running");
    expect(await client.cancelRun(queued.id)).toEqual({ id: queued.id, status: "cancelled" });
    expect(await client.cancelRun(running.id)).toEqual({ id: running.id, status: "running", cancelRequested: true });
    expect((await waitForStatus(runner, running.id, "cancelled")).reason).toBe("cancelled by request");
  });

  it("answers null for an unknown or malformed id, and passes on the runner's field errors", async () => {
    expect(await client.getRun("NoSuchRunAtAll0000")).toBeNull();
    expect(await client.getRun("../../etc/passwd")).toBeNull();
    const refused = await client.startRun({ spec: { workloads: ["nope"], connections: 0 } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RunnerHttpError);
    expect((refused as RunnerHttpError).status).toBe(400);
    expect((refused as RunnerHttpError).fields.map((f) => f.path).sort()).toEqual([
      "spec.connections",
      "spec.workloads.0",
    ]);
  });

  it("passes on the runner's refusal of a sweep over its time limit, on the field the form marks", async () => {
    const sweep = {
      axes: [
        { dimension: "records", values: [1, 10, 100, 1000, 3000, 10000] },
        { dimension: "network", values: ["loopback", "cross-region"] },
      ],
    };
    const refused = await client
      .startRun({ spec: { workloads: ["item.list"], durationMs: 60_000, warmupMs: 10_000, trials: 5, sweep } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RunnerHttpError);
    const fields = (refused as RunnerHttpError).fields;
    expect(fields.map((f) => f.path)).toEqual(["spec.sweep"]);
    expect(fields[0]!.message).toContain("counting every refinement point the sweep may add");
    expect(fieldOfPath(fields[0]!.path)).toBe("sweep");
  });

  it("says so when the runner is not reachable, or refuses the token", async () => {
    const down = createRunnerClient({ url: "http://127.0.0.1:1" });
    const error = await down.listRuns().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunnerUnavailableError);
    expect(explainRunnerError(error)).toMatch(/not reachable at http:\/\/127\.0\.0\.1:1/);

    const guarded = await startTestRunner({ token: "a-token-of-sixteen-chars" });
    try {
      const refused = await createRunnerClient({ url: guarded.url, token: "not-the-token-at-all" })
        .listRuns()
        .catch((e: unknown) => e);
      expect(explainRunnerError(refused)).toMatch(/refused this app \(401/);
      const runs = await createRunnerClient({ url: guarded.url, token: "a-token-of-sixteen-chars" }).listRuns();
      expect(runs).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});
