import http from "node:http";
import type { AddressInfo } from "node:net";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostPort } from "@relix/core/network/loopback";
import { loadBenchConfig } from "../config/runner-config";
import { grpcTarget, restBaseUrl } from "../engine/launch/targets";
import { runAutocannon } from "./autocannon/run-autocannon";
import { runGhz } from "./ghz/run-ghz";
import { parseLocalGrpcTarget, parseLocalHttpUrl } from "./local-target";
import { BENCH_PROTO, PROTO_ROOT } from "./testing/test-servers";
import { ghzBinForTests } from "./testing/tool-defaults";

describe("targets on this machine only", () => {
  it("accepts a loopback host with an explicit port, connecting to its literal address", () => {
    expect(parseLocalHttpUrl("http://127.0.0.1:8080")).toEqual({
      origin: "http://127.0.0.1:8080",
      address: "127.0.0.1",
      port: 8080,
      hostPort: "127.0.0.1:8080",
      basePath: "",
    });
    expect(parseLocalHttpUrl("http://127.0.0.1:8080/v1/")).toMatchObject({ basePath: "/v1" });
    expect(parseLocalHttpUrl("http://127.0.0.1:80").port).toBe(80);
    expect(parseLocalHttpUrl("http://127.0.0.2:8080").origin).toBe("http://127.0.0.2:8080");
    expect(parseLocalHttpUrl("http://localhost:8080").origin).toBe("http://127.0.0.1:8080");
    expect(parseLocalHttpUrl("http://[::1]:8080").origin).toBe("http://[::1]:8080");
    expect(parseLocalGrpcTarget("127.0.0.1:50051")).toMatchObject({ port: 50051, hostPort: "127.0.0.1:50051" });
    expect(parseLocalGrpcTarget("localhost:50051").hostPort).toBe("127.0.0.1:50051");
    expect(parseLocalGrpcTarget("[::1]:50051").hostPort).toBe("[::1]:50051");
  });

  it.each([
    "http://10.0.0.1:8080",
    "http://example.com:8080",
    "http://127.1:8080",
    "http://0x7f000001:8080",
    "http://2130706433:8080",
    "http://127.0.0.1:99999",
    "http://127.0.0.1:8080#x",
    "ftp://127.0.0.1:21",
  ])("rejects %s", (u) => {
    expect(() => parseLocalHttpUrl(u)).toThrow(/refusing/);
  });

  it.each(["127.0.0.1:70000", "127.0.0.1:", " 127.0.0.1:1", "::1:1", "10.0.0.1:1", "unix:///tmp/s"])(
    "rejects gRPC target %s",
    (t) => {
      expect(() => parseLocalGrpcTarget(t)).toThrow(/refusing/);
    },
  );

  it("says what is allowed when it refuses", () => {
    expect(() => parseLocalHttpUrl("http://example.com:8080")).toThrow(
      'refusing to send load to "http://example.com:8080": host example.com is not loopback ' +
        "(Relix only loads a loopback address: 127.0.0.0/8 (e.g. 127.0.0.1), ::1 or localhost)",
    );
  });
});

/** A REST and a gRPC no-op server bound to one address, on ports the kernel picked. */
async function startNoopServers(address: string) {
  const httpServer = http.createServer((_req, res) => res.end("{}"));
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(0, address, resolve);
  });
  const definition = protoLoader.loadSync("relix/v1/bench.proto", { includeDirs: [PROTO_ROOT] });
  const bench = (
    grpc.loadPackageDefinition(definition) as unknown as {
      relix: { v1: { BenchService: grpc.ServiceClientConstructor } };
    }
  ).relix.v1.BenchService;
  const grpcServer = new grpc.Server();
  grpcServer.addService(bench.service, {
    Noop: (_call: unknown, callback: grpc.sendUnaryData<object>) => callback(null, {}),
  });
  const grpcPort = await new Promise<number>((resolve, reject) =>
    grpcServer.bindAsync(hostPort(address, 0), grpc.ServerCredentials.createInsecure(), (error, port) =>
      error ? reject(error) : resolve(port),
    ),
  );
  return {
    restPort: (httpServer.address() as AddressInfo).port,
    grpcPort,
    async stop() {
      grpcServer.forceShutdown();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

// The whole path a user takes: SERVICES_HOST -> the runner's config -> both drivers -> load.
describe.each([
  ["localhost", "127.0.0.1"],
  ["127.0.0.2", "127.0.0.2"],
  ["::1", "::1"],
])("SERVICES_HOST=%s", (servicesHost, address) => {
  let servers: Awaited<ReturnType<typeof startNoopServers>>;
  beforeAll(async () => {
    servers = await startNoopServers(address);
  });
  afterAll(async () => servers?.stop());

  it(`drives load with both tools at ${address}`, async () => {
    const { targets } = loadBenchConfig({
      SERVICES_HOST: servicesHost,
      REST_PORT: String(servers.restPort),
      GRPC_PORT: String(servers.grpcPort),
    });
    expect(targets.host).toBe(address);
    const rest = await runAutocannon({
      url: restBaseUrl(targets),
      requests: [{ method: "GET", path: "/v1/noop" }],
      connections: 1,
      durationMs: 300,
    });
    expect(rest.samples.filter((s) => s.ok).length).toBeGreaterThan(10);
    const grpcRun = await runGhz({
      target: grpcTarget(targets),
      protoFile: BENCH_PROTO,
      importPaths: [PROTO_ROOT],
      call: "relix.v1.BenchService.Noop",
      data: [{}],
      concurrency: 1,
      durationMs: 300,
      ghzBin: await ghzBinForTests(),
    });
    expect(grpcRun.samples.filter((s) => s.ok).length).toBeGreaterThan(10);
  });
});

describe.each(["10.0.0.1", "example.com"])("SERVICES_HOST=%s", (servicesHost) => {
  it("is refused before anything is started, with a message that says why", () => {
    expect(() => loadBenchConfig({ SERVICES_HOST: servicesHost })).toThrow(
      /SERVICES_HOST: ".*" is not a loopback address: 127\.0\.0\.0\/8 \(e\.g\. 127\.0\.0\.1\), ::1 or localhost: Relix only loads services on this machine/,
    );
  });

  it("is refused by both drivers too, before a socket is opened", async () => {
    const targets = { host: servicesHost, restPort: 8080, grpcPort: 50051, grpcMetricsPort: 9464 };
    await expect(
      runAutocannon({
        url: restBaseUrl(targets),
        requests: [{ method: "GET", path: "/" }],
        connections: 1,
        durationMs: 100,
      }),
    ).rejects.toThrow(/refusing to send load/);
    await expect(
      runGhz({
        target: grpcTarget(targets),
        protoFile: BENCH_PROTO,
        call: "relix.v1.BenchService.Noop",
        data: [{}],
        concurrency: 1,
        durationMs: 100,
        ghzBin: "ghz",
      }),
    ).rejects.toThrow(/refusing to send load/);
  });
});
