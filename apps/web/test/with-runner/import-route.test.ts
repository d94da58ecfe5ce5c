import { startTestRunner, type TestRunner } from "@relix/runner/src/server/testing/test-runner";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as importResult } from "@/app/api/import/route";

// POST /api/import, the route handler as Next calls it with the browser's form upload, forwarding
// to the real runner service. A hostile file is refused here, at a cost bounded by its size.

const MIB = 1024 * 1024;
let runner: TestRunner;

beforeAll(async () => {
  runner = await startTestRunner();
  // Read by the app's config on its first request (src/server/env.ts).
  vi.stubEnv("RUNNER_URL", runner.url);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await runner?.close();
});

/** The import form's POST from this app's own page, with `text` as the chosen file. */
function upload(text: string): Request {
  const form = new FormData();
  form.set("result", new File([text], "result.json", { type: "application/json" }));
  const host = "127.0.0.1:3000";
  return new Request(`http://${host}/api/import`, {
    method: "POST",
    headers: { host, origin: `http://${host}`, "sec-fetch-site": "same-origin" },
    body: form,
  });
}

/** Where the 303 sends the browser back to, and the error the import form shows there. */
function importError(response: Response): string | null {
  const location = new URL(response.headers.get("location") ?? "", "http://127.0.0.1:3000");
  return location.searchParams.get("import_error");
}

async function timed(request: Request): Promise<{ response: Response; ms: number }> {
  const start = performance.now();
  const response = await importResult(request);
  return { response, ms: performance.now() - start };
}

describe("importing a result file through the web app", () => {
  it("refuses 32 MiB of wrong values at once, with a short reason, and sends nothing to the runner", async () => {
    const { response, ms } = await timed(upload(`{"warnings":[${"0,".repeat(16 * MIB - 16)}0]}`));
    console.log(`32 MiB of zeros refused in ${ms.toFixed(0)} ms`);
    expect(response.status).toBe(303);
    const error = importError(response);
    expect(error).toMatch(/^not a valid relix\.result\/v1 document: more than 4,000,000 values/);
    expect(error!.length).toBeLessThanOrEqual(600);
    expect(ms).toBeLessThan(5000);
    expect((await runner.service.list(10)).length).toBe(0);
  });

  it("refuses a nesting bomb", async () => {
    const { response, ms } = await timed(upload(`${"[".repeat(8 * MIB)}${"]".repeat(8 * MIB)}`));
    console.log(`a 16 MiB nesting bomb refused in ${ms.toFixed(0)} ms`);
    expect(importError(response)).toMatch(/nested deeper than 32 levels/);
    expect(ms).toBeLessThan(5000);
  });

  it("names the first wrong fields of a document that is not a result", async () => {
    const { response } = await timed(upload(JSON.stringify({ ...makeRunResult(), schema: "x", warnings: [1] })));
    expect(importError(response)).toMatch(/\(2 problems\)\n {2}schema: .*\n {2}warnings\.0: .*expected string/);
  });

  it("imports a valid result and opens its permalink", async () => {
    const original = makeRunResult({ spec: { workloads: ["noop"] } });
    const { response } = await timed(upload(JSON.stringify(original, null, 2)));
    expect(response.status).toBe(303);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/runs\/[A-Za-z0-9_-]{16}$/);
    const id = location.slice("/runs/".length);
    expect(await runner.service.get(id)).toMatchObject({ status: "done", imported: true, importedFrom: original.id });
  });
});
