import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { ErrorBody } from "@relix/core/runner-api/errors";
import { startTestRunner, type TestRunner } from "../testing/test-runner";

// DNS rebinding: a page at http://rebind.example:<port> has its name re-pointed at 127.0.0.1 and
// then talks to the runner as "same origin": Origin and Host both say rebind.example. fetch()
// cannot set Host, so these requests are written with node:http, as a browser would send them.

const token = "test-token-0123456789abcdef";
let runner: TestRunner;

afterEach(async () => {
  await runner?.close();
});

interface Sent {
  method?: "GET" | "POST";
  path: string;
  host: string;
  headers?: Record<string, string>;
  json?: unknown;
}

function send({
  method = "GET",
  path,
  host,
  headers = {},
  json,
}: Sent): Promise<{ status: number; body: ErrorBody | null }> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${runner.url}${path}`,
      {
        method,
        headers: { ...headers, host, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: response.statusCode ?? 0, body: text === "" ? null : JSON.parse(text) });
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const portOf = (url: string) => new URL(url).port;

describe("the runner answers only the names it serves (DNS rebinding)", () => {
  it("refuses a foreign Host with 421, on a GET and on a POST that carries the token", async () => {
    runner = await startTestRunner({ token });
    const rebound = `rebind.example:${portOf(runner.url)}`;

    const read = await send({ path: "/api/catalog", host: rebound });
    expect(read.status).toBe(421);
    expect(read.body?.error).toMatchObject({
      code: "unknown_host",
      message: expect.stringContaining("RUNNER_ALLOWED_HOSTS"),
    });
    expect((await send({ path: "/healthz", host: rebound })).status).toBe(421);

    // The web app's probe: Host and Origin agree, and the token is the web's own.
    const start = await send({
      method: "POST",
      path: "/api/runs",
      host: rebound,
      headers: { origin: `http://${rebound}`, authorization: `Bearer ${token}` },
      json: { spec: { workloads: ["noop"] } },
    });
    expect(start.status).toBe(421);
    expect(start.body?.error.code).toBe("unknown_host");
    expect(runner.engine.runs).toHaveLength(0);
  });

  it("answers every loopback spelling, the host it listens on and the names configured", async () => {
    runner = await startTestRunner({ token, allowedHosts: ["relix.internal", "Runner"] });
    const port = portOf(runner.url);
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      "relix.internal",
      `runner:${port}`,
    ]) {
      expect((await send({ path: "/api/catalog", host })).status, host).toBe(200);
    }
    const started = await send({
      method: "POST",
      path: "/api/runs",
      host: `localhost:${port}`,
      headers: { origin: `http://localhost:${port}`, authorization: `Bearer ${token}` },
      json: { spec: { workloads: ["noop"] } },
    });
    expect(started.status).toBe(202);
    expect((await send({ path: "/api/catalog", host: `relix.internal.rebind.example:${port}` })).status).toBe(421);
  });
});
