import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadBenchConfig, loadRunnerConfig } from "./runner-config";

const DEFAULT_TARGETS = { host: "127.0.0.1", restPort: 8080, grpcPort: 50051, grpcMetricsPort: 9464 };

describe("runner config", () => {
  it("defaults to loopback:4000, the web origins, no token, the file store in .relix/runs, the default service ports", () => {
    expect(loadRunnerConfig({})).toEqual({
      host: "127.0.0.1",
      port: 4000,
      token: null,
      allowedOrigins: ["http://127.0.0.1:3000", "http://localhost:3000"],
      resultsDir: path.resolve(".relix/runs"),
      mysqlUrl: null,
      shutdownTimeoutMs: 10_000,
      targets: DEFAULT_TARGETS,
    });
  });

  it("reads every variable, treating empty ones as unset", () => {
    const config = loadRunnerConfig({
      RUNNER_HOST: "0.0.0.0",
      RUNNER_PORT: "4100",
      RUNNER_TOKEN: "a-long-enough-secret-token",
      RUNNER_ALLOWED_ORIGINS: "https://relix.example.com, http://10.0.0.5:3000/",
      RUNNER_RESULTS_DIR: "/tmp/relix-runs",
      MYSQL_URL: "mysql://relix:pw@db:3306/relix",
      RUNNER_SHUTDOWN_TIMEOUT_MS: "",
      SERVICES_HOST: "localhost",
      REST_PORT: "18080",
      GRPC_PORT: "15051",
      GRPC_METRICS_PORT: "19464",
    });
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 4100,
      token: "a-long-enough-secret-token",
      allowedOrigins: ["https://relix.example.com", "http://10.0.0.5:3000"],
      resultsDir: "/tmp/relix-runs",
      mysqlUrl: "mysql://relix:pw@db:3306/relix",
      shutdownTimeoutMs: 10_000,
      targets: { host: "127.0.0.1", restPort: 18080, grpcPort: 15051, grpcMetricsPort: 19464 },
    });
  });

  it("lists every problem at once", () => {
    expect(() =>
      loadRunnerConfig({
        RUNNER_PORT: "70000",
        RUNNER_TOKEN: "short",
        RUNNER_ALLOWED_ORIGINS: "http://x.com/path,*",
        MYSQL_URL: "redis://x",
        SERVICES_HOST: "10.0.0.1",
      }),
    ).toThrow(/RUNNER_PORT[\s\S]*RUNNER_TOKEN[\s\S]*RUNNER_ALLOWED_ORIGINS[\s\S]*MYSQL_URL[\s\S]*SERVICES_HOST/);
  });
});

describe("benchmark config (pnpm bench and the service alike)", () => {
  it("defaults to the services on 127.0.0.1 at their default ports", () => {
    expect(loadBenchConfig({})).toEqual({ targets: DEFAULT_TARGETS });
  });

  it.each([
    ["localhost", "127.0.0.1"],
    ["127.0.0.2", "127.0.0.2"],
    ["::1", "::1"],
    ["[::1]", "::1"],
  ])("accepts SERVICES_HOST=%s, targeting %s", (host, address) => {
    expect(loadBenchConfig({ SERVICES_HOST: host }).targets.host).toBe(address);
    expect(loadRunnerConfig({ SERVICES_HOST: host }).targets.host).toBe(address);
  });

  it.each(["10.0.0.1", "example.com", "0.0.0.0", "127.1"])("refuses SERVICES_HOST=%s and says why", (host) => {
    expect(() => loadBenchConfig({ SERVICES_HOST: host })).toThrow(
      `SERVICES_HOST: "${host}" is not a loopback address: 127.0.0.0/8 (e.g. 127.0.0.1), ::1 or localhost: Relix only loads services on this machine`,
    );
  });

  it("ignores the service's own variables, which a benchmark does not use", () => {
    expect(() => loadBenchConfig({ RUNNER_TOKEN: "short", RUNNER_PORT: "x" })).not.toThrow();
  });
});
