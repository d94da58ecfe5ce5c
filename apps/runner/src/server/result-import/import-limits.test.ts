import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { IMPORT_BODY_LIMIT } from "../http/read-body";
import { startTestRunner, type TestRunner, type TestResponse } from "../testing/test-runner";

// Imports are checked in a worker thread at a cost bounded by their size: a hostile body is
// refused quickly with a short list, and the event loop the runner shares with autocannon does
// not stall meanwhile (this test's process is the runner's).

let runner: TestRunner;
beforeAll(async () => {
  runner = await startTestRunner();
  // The checker's worker starts at the first import: started here, so the tests time checks only.
  await runner.request("/api/results", { json: {} });
});
afterAll(async () => {
  await runner.close();
});

/** 20 MiB at most, as the runner takes it: `{"warnings":[0,0,…]}` and `{"warnings":[[[[…]]]]}`. */
const zeros = (bytes: number) => `{"warnings":[${"0,".repeat((bytes - 16) / 2)}0]}`;
const brackets = (bytes: number) => `{"warnings":${"[".repeat((bytes - 14) / 2)}${"]".repeat((bytes - 14) / 2)}}`;

/** POSTs the text as an import; how long the answer took and the runner's longest event-loop stall. */
async function importText(text: string): Promise<{ response: TestResponse; ms: number; stallMs: number }> {
  // Encoded before the clock starts: the client's own work is not the runner's stall.
  const body = Buffer.from(text);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const start = performance.now();
  const response = await runner.request("/api/results", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  await response.clone().text();
  const ms = performance.now() - start;
  loop.disable();
  return { response, ms, stallMs: loop.max / 1e6 };
}

describe("importing a hostile document", () => {
  it("refuses 20 MiB of wrong values with 400 and a short list, quickly, without stalling the runner", async () => {
    const text = zeros(IMPORT_BODY_LIMIT - 2);
    expect(text.length).toBeLessThanOrEqual(IMPORT_BODY_LIMIT);
    const { response, ms, stallMs } = await importText(text);
    console.log(
      `20 MiB of zeros: answered ${response.status} in ${ms.toFixed(0)} ms, longest stall ${stallMs.toFixed(0)} ms`,
    );
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("invalid_result");
    expect(error.message).toMatch(/more than 4,000,000 values/);
    expect(error.fields.length).toBeLessThanOrEqual(50);
    // Generous bounds for a shared 2-core machine: before, the runner's own thread spent minutes
    // and gigabytes on this, JSON.parse alone most of a second.
    expect(ms).toBeLessThan(5000);
    expect(stallMs).toBeLessThan(1000);
  });

  it("refuses a nesting bomb with 400", async () => {
    const { response, ms } = await importText(brackets(IMPORT_BODY_LIMIT - 2));
    console.log(`a 20 MiB nesting bomb: answered ${response.status} in ${ms.toFixed(0)} ms`);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: "invalid_result", message: /nested deeper than 32/ });
  });

  it("lists the first problem of each field of a large wrong document", async () => {
    const wrong = { ...makeRunResult({ spec: { workloads: ["noop"] } }), warnings: new Array(1_000_000).fill(1) };
    const { response, ms, stallMs } = await importText(JSON.stringify(wrong));
    console.log(`a million wrong warnings: answered in ${ms.toFixed(0)} ms, longest stall ${stallMs.toFixed(0)} ms`);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.fields).toEqual([{ path: "warnings.0", message: "Invalid input: expected string, received number" }]);
    expect(stallMs).toBeLessThan(1000);
  });

  it("still says which field is missing and which has the wrong type", async () => {
    const { id: _id, ...noId } = { ...makeRunResult({ spec: { workloads: ["noop"] } }), warnings: [1] };
    const { response } = await importText(JSON.stringify(noId));
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual([
      { path: "id", message: "required" },
      { path: "warnings.0", message: "Invalid input: expected string, received number" },
    ]);
  });

  it("refuses broken JSON with invalid_json, and still accepts a valid result", async () => {
    const broken = await importText('{"schema": ');
    expect(broken.response.status).toBe(400);
    expect((await broken.response.json()).error).toMatchObject({
      code: "invalid_json",
      message: /^the body is not valid JSON/,
    });

    const original = makeRunResult({ spec: { workloads: ["noop"] } });
    const { response } = await importText(JSON.stringify(original));
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const run = await (await runner.request(`/api/runs/${id}`)).json();
    expect(run).toMatchObject({ status: "done", imported: true, importedFrom: original.id });
    expect(run.result).toEqual({ ...original, id, importedAt: run.importedAt });
  });
});
