import { startTestRunner, type TestRunner } from "@relix/runner/src/server/testing/test-runner";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as startRun } from "@/app/api/runs/route";
import { POST as cancelRun } from "@/app/api/runs/[id]/cancel/route";

// POST /api/runs, the route handler as Next calls it, forwarding to the real runner service (its
// fake engine stands in for load). The web app adds RUNNER_TOKEN to what it forwards, so a request
// it lets through is one the runner trusts: the checks here are the ones that count.

const token = "web-guards-token-0123456789";
const body = JSON.stringify({ spec: { workloads: ["noop"], durationMs: 1000 } });
let runner: TestRunner;

beforeAll(async () => {
  runner = await startTestRunner({ token });
  // Read by the app's config on its first request (src/server/env.ts).
  vi.stubEnv("RUNNER_URL", runner.url);
  vi.stubEnv("RUNNER_TOKEN", token);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await runner?.close();
});

/** A browser's POST to this app under `host`, from a page at `origin`. */
function post(path: string, host: string, origin: string): Request {
  return new Request(`http://${host}${path}`, {
    method: "POST",
    headers: { host, origin, "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body,
  });
}

describe("POST /api/runs under DNS rebinding", () => {
  it("refuses a page whose name was re-pointed at this machine: Host and Origin agree, the name is foreign", async () => {
    const response = await startRun(post("/api/runs", "rebind.example:3000", "http://rebind.example:3000"));
    expect(response.status).toBe(421);
    expect((await response.json()).error.message).toMatch(/does not answer to the host "rebind.example:3000"/);
    expect(runner.engine.runs).toHaveLength(0);

    const cancel = await cancelRun(
      post("/api/runs/AAAAAAAAAAAAAAAA/cancel", "rebind.example:3000", "http://rebind.example:3000"),
      {
        params: Promise.resolve({ id: "AAAAAAAAAAAAAAAA" }),
      },
    );
    expect(cancel.status).toBe(421);
  });

  it("refuses an Origin that is not one of this app's names, even under a Host it serves", async () => {
    const response = await startRun(post("/api/runs", "127.0.0.1:3000", "http://rebind.example:3000"));
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toMatch(/^Forbidden: origin http:\/\/rebind.example:3000/);
    expect(runner.engine.runs).toHaveLength(0);
  });

  it("starts runs from this app's own pages at 127.0.0.1, localhost and [::1]", async () => {
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000"]) {
      const response = await startRun(post("/api/runs", host, `http://${host}`));
      expect(response.status, host).toBe(202);
      expect((await response.json()).status, host).toBe("queued");
    }
    await runner.engine.started(0);
  });
});
