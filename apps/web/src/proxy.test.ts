import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { proxy } from "./proxy";

// The proxy as Next calls it before every request: a page, an asset, a route handler.

beforeAll(() => {
  vi.stubEnv("WEB_ALLOWED_HOSTS", "relix.lan");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const get = (path: string, host: string) => new Request(`http://${host}${path}`, { headers: { host } });

describe("proxy", () => {
  it("answers a foreign Host with 421 and a JSON error, on pages and assets alike", async () => {
    for (const path of ["/runs", "/runs/AAAAAAAAAAAAAAAA", "/_next/static/chunks/main.js", "/api/runs/x/events"]) {
      const response = proxy(get(path, "rebind.example:3000"));
      expect(response?.status, path).toBe(421);
      expect(response?.headers.get("content-type"), path).toMatch(/application\/json/);
      expect((await response!.json()).error.message, path).toMatch(/^Misdirected: .*"rebind.example:3000"/);
    }
  });

  it("lets requests to this app's names through", () => {
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "relix.lan:3000"]) {
      expect(proxy(get("/runs", host)), host).toBeUndefined();
    }
  });
});
