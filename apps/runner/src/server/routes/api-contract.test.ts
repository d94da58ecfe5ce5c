import { afterEach, describe, expect, it } from "vitest";
import { runResultSchema } from "@relix/core";
import { errorBodySchema } from "@relix/core/runner-api/errors";
import {
  catalogResponseSchema,
  healthResponseSchema,
  presetsResponseSchema,
  specSchemaResponseSchema,
} from "@relix/core/runner-api/reference";
import { streamEventSchema } from "@relix/core/runner-api/run-events";
import { streamEventTypes } from "@relix/core/runner-api/run-status";
import {
  cancelRunResponseSchema,
  importedRunSchema,
  runDetailSchema,
  runListResponseSchema,
  submittedRunSchema,
} from "@relix/core/runner-api/runs";
import type { z } from "zod";
import { useMysqlResultsStore } from "../../store/testing/use-mysql-results-store";
import { SseConnection } from "../testing/sse-client";
import { startTestRunner, waitForStatus, type TestResponse, type TestRunner } from "../testing/test-runner";

// The web app validates every answer and event of the runner with the schemas in
// @relix/core/runner-api. Here each route's real answer must parse with its schema, and parse to
// itself: a field the schema does not describe (dropped by parsing) fails as surely as a wrong one.

const spec = { workloads: ["noop"], durationMs: 1000, warmupMs: 0 };

const mysqlStore = useMysqlResultsStore();
let runner: TestRunner;
afterEach(async () => {
  await runner?.close();
});

function expectConforms(schema: z.ZodType, body: unknown, what: string): void {
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? [], what).toEqual([]);
  expect(parsed.data, what).toEqual(body);
}

/** The answer's body, after checking its status and that it conforms to `schema`. */
async function answer<S extends z.ZodType>(
  response: Promise<TestResponse>,
  status: number,
  schema: S,
): Promise<z.infer<S>> {
  const res = await response;
  const body: unknown = await res.json();
  expect(res.status, `${res.url}: ${JSON.stringify(body).slice(0, 300)}`).toBe(status);
  expectConforms(schema, body, res.url);
  return schema.parse(body);
}

describe("every runner answer parses with its @relix/core/runner-api schema", () => {
  it("GET /healthz, /api/catalog, /api/presets, /api/spec-schema", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    await answer(runner.request("/healthz"), 200, healthResponseSchema);
    await answer(runner.request("/api/catalog"), 200, catalogResponseSchema);
    const { presets } = await answer(runner.request("/api/presets"), 200, presetsResponseSchema);
    expect(presets.length).toBeGreaterThan(0);
    await answer(runner.request("/api/spec-schema"), 200, specSchemaResponseSchema);
  });

  it("a run's whole life: submit, list, detail (queued, running, done), result, cancels, import", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const first = await answer(runner.request("/api/runs", { json: { spec } }), 202, submittedRunSchema);
    const second = await answer(runner.request("/api/runs", { json: { preset: "quick" } }), 202, submittedRunSchema);
    const fake = await runner.engine.started(0);
    await waitForStatus(runner, first.id, "running");
    const queued = await answer(runner.request(`/api/runs/${second.id}`), 200, runDetailSchema);
    expect(queued).toMatchObject({ status: "queued", position: 1 });

    fake.emit({ type: "phase", phase: "measuring", message: "noop, REST" });
    fake.emit({ type: "cell-start", cell: fake.cell(), warmupMs: 0, durationMs: 1000 });
    fake.sample(1);
    fake.emit({ type: "progress", fraction: 0.5, elapsedMs: 1000, remainingMs: 1000 });
    fake.emit({ type: "warning", message: "the REST load generator used 90% of a core" });
    fake.emit({ type: "cell-end", cell: fake.cell(), rps: 1000, p50Ms: 0.4, p99Ms: 1.2, errors: 0 });
    const running = await answer(runner.request(`/api/runs/${first.id}`), 200, runDetailSchema);
    expect(running.live).toMatchObject({ phase: "measuring", warnings: [expect.any(String)] });

    const cancelled = await answer(
      runner.request(`/api/runs/${second.id}/cancel`, { method: "POST" }),
      202,
      cancelRunResponseSchema,
    );
    expect(cancelled.status).toBe("cancelled");

    fake.finish();
    const done = await waitForStatus(runner, first.id, "done");
    expectConforms(runDetailSchema, done, "a done run");
    await answer(runner.request("/api/runs"), 200, runListResponseSchema);
    const result = await answer(runner.request(`/api/runs/${first.id}/result`), 200, runResultSchema);

    const third = await answer(runner.request("/api/runs", { json: { spec } }), 202, submittedRunSchema);
    await runner.engine.started(1);
    await waitForStatus(runner, third.id, "running");
    const cancelling = await answer(
      runner.request(`/api/runs/${third.id}/cancel`, { method: "POST" }),
      202,
      cancelRunResponseSchema,
    );
    expect(cancelling).toMatchObject({ status: "running", cancelRequested: true });
    expectConforms(runDetailSchema, await waitForStatus(runner, third.id, "cancelled"), "a cancelled run");

    const imported = await answer(runner.request("/api/results", { json: result }), 201, importedRunSchema);
    const view = await answer(runner.request(`/api/runs/${imported.id}`), 200, runDetailSchema);
    expect(view).toMatchObject({ imported: true, importedFrom: first.id });
  });

  it("GET /api/runs/:id/events: every kind of event, named as its type", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const { id } = await answer(runner.request("/api/runs", { json: { spec } }), 202, submittedRunSchema);
    const fake = await runner.engine.started(0);
    await waitForStatus(runner, id, "running");
    const stream = await SseConnection.open(`${runner.url}/api/runs/${id}/events`);

    fake.emit({ type: "phase", phase: "measuring", message: "noop, REST" });
    fake.emit({ type: "cell-start", cell: fake.cell(), warmupMs: 0, durationMs: 1000 });
    fake.sample(1);
    fake.emit({ type: "progress", fraction: 0.5, elapsedMs: 1000, remainingMs: 1000 });
    fake.emit({ type: "warning", message: "the REST load generator used 90% of a core" });
    fake.emit({ type: "cell-end", cell: fake.cell(), rps: 1000, p50Ms: 0.4, p99Ms: 1.2, errors: 0 });
    fake.finish();

    const messages = await stream.rest();
    expect(new Set(messages.map((m) => m.event))).toEqual(new Set(streamEventTypes));
    for (const message of messages) {
      expectConforms(streamEventSchema, message.data, `event ${message.id}`);
      expect(message.data.type).toBe(message.event);
    }
  });

  it("error answers: 400 with fields, 404, 405, 409, 415", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const invalid = await answer(
      runner.request("/api/runs", { json: { spec: { workloads: ["nope"], connections: 0 } } }),
      400,
      errorBodySchema,
    );
    expect(invalid.error.fields?.length).toBe(2);
    await answer(runner.request("/api/runs/NoSuchRunAtAll0000"), 404, errorBodySchema);
    await answer(runner.request("/api/catalog", { method: "DELETE" }), 405, errorBodySchema);
    const { id } = await answer(runner.request("/api/runs", { json: { spec } }), 202, submittedRunSchema);
    await answer(runner.request(`/api/runs/${id}/result`), 409, errorBodySchema);
    await answer(
      runner.request("/api/runs", { method: "POST", body: "spec", headers: { "content-type": "text/plain" } }),
      415,
      errorBodySchema,
    );
  });
});
