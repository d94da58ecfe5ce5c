import { describe, expect, it } from "vitest";
import { buildRelixLoadArgs, requestsFileOf, type RelixLoadOptions } from "./relix-load-args";

const files = { requestsFile: "/tmp/r.json", logFile: "/tmp/l.tsv" };
const base: Omit<RelixLoadOptions, "relixLoadBin"> = {
  url: "http://127.0.0.1:3000",
  requests: [{ method: "GET", path: "/v1/items/1" }],
  protocol: "h1",
  connections: 4,
  inFlight: 4,
  durationMs: 1_000,
  timeoutMs: 5_000,
};

const flag = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};

describe("relix-load's command line", () => {
  it("names the target, the load and the files, with a closed loop by default", () => {
    const args = buildRelixLoadArgs(base, files);
    expect(flag(args, "--target")).toBe("127.0.0.1:3000");
    expect(flag(args, "--protocol")).toBe("h1");
    expect(flag(args, "--connections")).toBe("4");
    expect(flag(args, "--in-flight")).toBe("4");
    expect(flag(args, "--duration-ms")).toBe("1000");
    expect(flag(args, "--timeout-ms")).toBe("5000");
    expect(flag(args, "--requests")).toBe(files.requestsFile);
    expect(flag(args, "--log")).toBe(files.logFile);
    expect(args).not.toContain("--rate");
    expect(args).not.toContain("--grpc");
  });

  it("passes an open loop's rate, a count, per-call connections and h2 windows", () => {
    const open = buildRelixLoadArgs({ ...base, rate: 250.5, total: 100, newConnectionPerCall: true }, files);
    expect(flag(open, "--rate")).toBe("250.5");
    expect(flag(open, "--total")).toBe("100");
    expect(open).toContain("--new-connection-per-call");
    const h2 = buildRelixLoadArgs(
      { ...base, protocol: "h2c", grpc: true, connections: 2, inFlight: 8, windowBits: { stream: 22, connection: 22 } },
      files,
    );
    expect(h2).toContain("--grpc");
    expect(flag(h2, "--stream-window-bits")).toBe("22");
    expect(flag(h2, "--connection-window-bits")).toBe("22");
  });

  it("refuses a target off this machine unless the operator allowed its host, and then tells the program", () => {
    expect(() => buildRelixLoadArgs({ ...base, url: "http://10.0.0.1:80" }, files)).toThrow(/not loopback/);
    const allowed = buildRelixLoadArgs({ ...base, url: "http://198.18.0.2:80", remoteHosts: ["198.18.0.2"] }, files);
    expect(flag(allowed, "--allow-hosts")).toBe("198.18.0.2");
  });

  it("refuses loads the protocol cannot carry", () => {
    expect(() => buildRelixLoadArgs({ ...base, inFlight: 8 }, files)).toThrow(/one call per connection/);
    expect(() => buildRelixLoadArgs({ ...base, protocol: "h2c", connections: 3, inFlight: 8 }, files)).toThrow(
      /multiple of connections/,
    );
    expect(() => buildRelixLoadArgs({ ...base, protocol: "h2c", newConnectionPerCall: true }, files)).toThrow(
      /HTTP\/1\.1 only/,
    );
    expect(() => buildRelixLoadArgs({ ...base, rate: 0 }, files)).toThrow(/rate/);
  });
});

describe("relix-load's requests file", () => {
  it("holds every request of the key sequence, in order, below the base path, bodies in base64", () => {
    const text = requestsFileOf({
      url: "http://127.0.0.1:3000/api",
      requests: [
        { method: "GET", path: "/v1/items/1" },
        { method: "POST", path: "/x", headers: { "content-type": "application/grpc" }, body: Buffer.from([0, 1, 2]) },
        { method: "POST", path: "/upload", body: "abc", chunkBytes: 2 },
      ],
    });
    expect(JSON.parse(text)).toEqual([
      { method: "GET", path: "/api/v1/items/1" },
      { method: "POST", path: "/api/x", headers: { "content-type": "application/grpc" }, body: "AAEC" },
      { method: "POST", path: "/api/upload", body: "YWJj", chunkBytes: 2 },
    ]);
  });

  it("refuses an empty key sequence", () => {
    expect(() => requestsFileOf({ url: "http://127.0.0.1:1", requests: [] })).toThrow(/at least one request/);
  });
});
