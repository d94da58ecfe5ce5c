import { describe, expect, it } from "vitest";
import { parseWrkOutput, wrkRoundRobinScript, wrkTimeToMs } from "./wrk-output";

// Recorded from wrk 4.1.0 (Debian) against a local node:http server, one path in three a 404.
const REPORT = `Running 1s test @ http://127.0.0.1:43795/
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     3.15ms    7.06ms  54.14ms   91.60%
    Req/Sec     4.98k     4.90k   16.41k    90.91%
  Latency Distribution
     50%  439.00us
     75%    2.50ms
     90%    8.08ms
     99%   37.60ms
  5455 requests in 1.13s, 0.92MB read
  Non-2xx or 3xx responses: 1818
Requests/sec:   4838.33
Transfer/sec:    837.89KB
`;

describe("wrk output", () => {
  it("reads the percentiles of wrk's own histogram, in ms", () => {
    const s = parseWrkOutput(REPORT);
    expect(s.latencyMs).toEqual({ p50: 0.439, p75: 2.5, p90: 8.08, p99: 37.6, mean: 3.15 });
  });

  it("reads its totals: Requests/sec counts non-2xx responses too", () => {
    const s = parseWrkOutput(REPORT);
    expect(s).toMatchObject({ requests: 5455, seconds: 1.13, rps: 4838.33, non2xx: 1818 });
    // wrk divides by its unrounded run time (the report shows 1.13 s)
    expect(Math.abs(s.rps - s.requests / s.seconds) / s.rps).toBeLessThan(0.01);
    expect(s.socketErrors).toEqual({ connect: 0, read: 0, write: 0, timeout: 0 });
    expect(parseWrkOutput(`${REPORT}  Socket errors: connect 0, read 3, write 0, timeout 2\n`).socketErrors).toEqual({
      connect: 0,
      read: 3,
      write: 0,
      timeout: 2,
    });
  });

  it("converts every unit wrk prints", () => {
    expect(wrkTimeToMs("650.00us")).toBe(0.65);
    expect(wrkTimeToMs("829.00us")).toBe(0.829); // not 0.8290000000000001
    expect(wrkTimeToMs("1.20s")).toBe(1200);
    expect(() => wrkTimeToMs("fast")).toThrow(/wrk duration/);
    expect(() => parseWrkOutput("nothing")).toThrow(/latency|wrk report/);
  });

  it("writes a Lua script that formats each request once and cycles them in order", () => {
    const lua = wrkRoundRobinScript([
      { method: "GET", path: "/v1/items/1", headers: { "x-relix-cache": "warm" } },
      { method: "GET", path: "/v1/items/2", headers: { "x-relix-cache": "warm" } },
    ]);
    expect(lua).toContain(`{ "GET", "/v1/items/2", { ["x-relix-cache"] = "warm" } },`);
    expect(lua).toMatch(/init = function[\s\S]*wrk\.format[\s\S]*request = function/);
  });
});
