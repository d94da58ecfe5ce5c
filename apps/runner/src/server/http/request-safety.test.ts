import mysql from "mysql2/promise";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useMysqlResultsStore } from "../../store/testing/use-mysql-results-store";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { startTestRunner, type TestRunner } from "../testing/test-runner";

const mysqlStore = useMysqlResultsStore();
let runner: TestRunner;
async function rejected(body: unknown, init: RequestInit = {}) {
  const response = await runner.request("/api/runs", { json: body, ...init });
  return { status: response.status, body: await response.json() };
}

describe("POST /api/runs validates every spec", () => {
  beforeAll(async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
  });
  afterAll(async () => {
    await runner.close();
  });

  it("never accepts a URL, a host or a port: 400 naming the field", async () => {
    for (const [field, value] of [
      ["target", "http://evil"],
      ["host", "1.2.3.4"],
      ["port", 22],
      ["url", "http://169.254.169.254/"],
    ] as const) {
      const { status, body } = await rejected({ spec: { workloads: ["noop"], [field]: value } });
      expect(status, field).toBe(400);
      expect(body.error.code).toBe("invalid_request");
      expect(body.error.fields).toEqual([
        { path: `spec.${field}`, message: expect.stringMatching(/never takes a URL, host or port/) },
      ]);
    }
    const top = await rejected({ preset: "quick", target: "http://evil" });
    expect(top.status).toBe(400);
    expect(top.body.error.fields).toEqual([
      { path: "target", message: expect.stringContaining('unknown field "target"') },
    ]);
    expect(runner.engine.runs).toHaveLength(0);
  });

  it("lists every field problem at once, each with its path, for the form to show beside its input", async () => {
    const { status, body } = await rejected({
      spec: {
        workloads: ["noop", "nope"],
        connections: 0,
        durationMs: 10,
        trials: 1.5,
        cacheModes: ["hot"],
        payloadBytes: "1MiB",
      },
    });
    expect(status).toBe(400);
    const byPath = Object.fromEntries(
      body.error.fields.map((f: { path: string; message: string }) => [f.path, f.message]),
    );
    expect(Object.keys(byPath).sort()).toEqual(
      [
        "spec.cacheModes.0",
        "spec.connections",
        "spec.durationMs",
        "spec.payloadBytes",
        "spec.trials",
        "spec.workloads.1",
      ].sort(),
    );
    expect(byPath["spec.workloads.1"]).toBe('unknown workload "nope" (GET /api/catalog lists them)');
    expect(byPath["spec.connections"]).toMatch(/>=\s*1/);
    expect(byPath["spec.durationMs"]).toMatch(/>=\s*500/);
    expect(body.error.message).toBe("invalid run request: 6 fields are invalid");
  });

  it("needs workloads or a preset; an unknown preset is named", async () => {
    const none = await rejected({});
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual([
      { path: "spec.workloads", message: "required: choose workloads or a preset" },
    ]);

    const unknown = await rejected({ preset: "fastest" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual([
      { path: "preset", message: expect.stringMatching(/^unknown preset "fastest" \(known: quick, study-000/) },
    ]);
  });

  it("refuses a run longer than the one-hour limit, naming the duration", async () => {
    const { status, body } = await rejected({
      spec: { workloads: ["noop", "echo", "math.add"], durationMs: 300_000, trials: 20 },
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual([
      { path: "spec.durationMs", message: expect.stringMatching(/more than the 60 min limit/) },
    ]);
  });

  it("refuses a sweep whose grid and refinement budget exceed the limit, naming the sweep", async () => {
    const { status, body } = await rejected({
      spec: {
        workloads: ["item.list"],
        durationMs: 300_000,
        trials: 2,
        sweep: { axes: [{ dimension: "records", values: [1, 10, 100, 1000] }] },
      },
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual([
      {
        path: "spec.sweep",
        message: expect.stringMatching(/counting every refinement point the sweep may add, more than the 60 min limit/),
      },
    ]);
  });

  it("refuses what is not a JSON object: wrong content type 415, broken JSON 400, oversized body 413", async () => {
    const form = await runner.request("/api/runs", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "spec=1",
    });
    expect(form.status).toBe(415);
    expect((await form.json()).error.code).toBe("unsupported_media_type");

    const broken = await runner.request("/api/runs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"spec":',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe("invalid_json");

    const array = await rejected([1, 2]);
    expect(array.status).toBe(400);

    const huge = await runner.request("/api/runs", {
      json: { spec: { workloads: ["noop"] }, padding: "x".repeat(70 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toMatchObject({ code: "too_large", message: "the body is larger than 64 KiB" });

    // Without a Content-Length (chunked), the limit is enforced while reading.
    const chunk = new TextEncoder().encode(" ".repeat(16 * 1024));
    let sent = 0;
    const streamed = await runner.request("/api/runs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        pull(controller) {
          if (sent++ < 8) controller.enqueue(chunk);
          else controller.close();
        },
      }),
      duplex: "half",
    });
    expect(streamed.status).toBe(413);
  });
});

describe("paths", () => {
  afterEach(async () => {
    await runner.close();
  });

  it("answers a path that starts with // with a 404 JSON error, never a 500 nor another route", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    // A URL parser reads `//` as the start of a host name: `//x/healthz` is not /healthz.
    for (const path of ["//", "//relix.invalid/healthz", "//relix.invalid/api/runs"]) {
      const response = await runner.request(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.code, path).toBe("not_found");
    }
  });
});

describe("limits", () => {
  afterEach(async () => {
    await runner.close();
  });

  it("refuses more runs than the queue holds with 429, and stores nothing for them", async () => {
    runner = await startTestRunner({ store: mysqlStore.store, maxQueued: 2 });
    const body = { spec: { workloads: ["noop"] } };
    for (let i = 0; i < 3; i++) expect((await runner.request("/api/runs", { json: body })).status).toBe(202); // 1 running + 2 waiting
    await runner.engine.started(0);
    const before = (await mysqlStore.store.listRuns(1000)).length;
    const full = await runner.request("/api/runs", { json: body });
    expect(full.status).toBe(429);
    expect(full.headers.get("retry-after")).toBe("60");
    expect((await full.json()).error.code).toBe("queue_full");
    expect((await mysqlStore.store.listRuns(1000)).length).toBe(before);
  });

  it("refuses an import larger than 20 MiB with 413, and one larger than the database takes with 413 saying why", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const huge = await runner.request("/api/results", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"padding":"${"x".repeat(21 * 1024 * 1024)}"}`,
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.message).toBe("the body is larger than 20 MiB");

    const connection = await mysql.createConnection({ uri: mysqlStore.db.url });
    const [rows] = await connection.query<mysql.RowDataPacket[]>("SELECT @@max_allowed_packet AS packet");
    await connection.end();
    const packet = Number(rows[0]!.packet);
    if (packet > 19 * 1024 * 1024) return; // this server takes anything the body limit lets through
    const big = { ...makeRunResult({ spec: { workloads: ["noop"] } }), warnings: ["x".repeat(packet)] };
    const response = await runner.request("/api/results", { json: big });
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toMatch(/max_allowed_packet/);
  });
});

describe("Origin and token checks", () => {
  afterEach(async () => {
    await runner.close();
  });

  it("refuses a request from a foreign origin with 403, allows the web app, the runner itself and clients without Origin", async () => {
    runner = await startTestRunner({
      store: mysqlStore.store,
      allowedOrigins: ["http://127.0.0.1:3000", "http://localhost:3000"],
    });
    const body = { spec: { workloads: ["noop"] } };
    const foreign = await runner.request("/api/runs", { json: body, headers: { origin: "http://evil.example" } });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe("forbidden_origin");
    const nullOrigin = await runner.request("/api/runs", { json: body, headers: { origin: "null" } });
    expect(nullOrigin.status).toBe(403);
    // DNS rebinding: a foreign name pointed at 127.0.0.1 keeps its own Origin.
    const port = new URL(runner.url).port;
    const rebound = await runner.request("/api/runs", {
      json: body,
      headers: { origin: `http://attacker.example:${port}` },
    });
    expect(rebound.status).toBe(403);
    expect(runner.engine.runs).toHaveLength(0);

    for (const origin of [
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
    ]) {
      const allowed = await runner.request("/api/runs", { json: body, headers: { origin } });
      expect(allowed.status, origin).toBe(202);
    }
    expect((await runner.request("/api/runs", { json: body })).status).toBe(202);
    const foreignRead = await runner.request("/api/catalog", { headers: { origin: "http://evil.example" } });
    expect(foreignRead.status).toBe(403);
  });

  it("with RUNNER_TOKEN set, needs the bearer token for every mutating request and the run list", async () => {
    const token = "test-token-0123456789abcdef";
    runner = await startTestRunner({ store: mysqlStore.store, token });
    const body = { spec: { workloads: ["noop"] } };

    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${token}`, token]) {
      const headers: Record<string, string> = authorization ? { authorization } : {};
      const response = await runner.request("/api/runs", { json: body, headers });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect((await response.json()).error.code).toBe("unauthorized");
    }
    expect((await runner.request("/api/results", { json: {} })).status).toBe(401);
    expect((await runner.request("/api/runs")).status).toBe(401);

    const auth = { authorization: `Bearer ${token}` };
    const started = await runner.request("/api/runs", { json: body, headers: auth });
    expect(started.status).toBe(202);
    const { id } = await started.json();
    expect((await runner.request(`/api/runs/${id}/cancel`, { method: "POST" })).status).toBe(401);
    expect((await runner.request(`/api/runs/${id}/cancel`, { method: "POST", headers: auth })).status).toBe(202);
    expect((await runner.request("/api/runs", { headers: auth })).status).toBe(200);
    // A run's own permalink stays readable by anyone who has the (unguessable) link.
    expect((await runner.request(`/api/runs/${id}`)).status).toBe(200);
    expect((await runner.request("/healthz")).status).toBe(200);
  });
});
