import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadBenchConfig, loadRunnerConfig } from "./runner-config";

const DEFAULT_TARGETS = {
  host: "127.0.0.1",
  restPort: 8080,
  grpcPort: 50051,
  grpcMetricsPort: 9464,
  stackPorts: {
    node: 8081,
    "node-protobuf": 8082,
    h2c: 8083,
    "grpc-js-static": 50052,
    spring: 8090,
    fastapi: 8091,
    flask: 8092,
    "grpc-java": 50061,
    grpcio: 50062,
  },
  // The side ports of the Java and Python gRPC servers (/stats?stack=<id>).
  sidePorts: { "java-grpc": 9471, "python-grpcio": 9472 },
};

describe("runner config", () => {
  it("defaults to loopback:4000, the web origins, no token, the file store in .relix/runs, the default service ports", () => {
    expect(loadRunnerConfig({})).toEqual({
      host: "127.0.0.1",
      port: 4000,
      token: null,
      allowedOrigins: ["http://127.0.0.1:3000", "http://localhost:3000"],
      allowedHosts: [],
      resultsDir: path.resolve(".relix/runs"),
      stateDir: path.resolve(".relix/state"),
      mysqlUrl: null,
      shutdownTimeoutMs: 10_000,
      retention: { maxCount: null, maxBytes: null },
      targets: DEFAULT_TARGETS,
    });
  });

  it("reads the results limits: a count, and bytes with or without a unit", () => {
    const limits = (env: Record<string, string>) => loadRunnerConfig(env).retention;
    expect(limits({ RUNNER_RESULTS_MAX_COUNT: "500", RUNNER_RESULTS_MAX_BYTES: "2GiB" })).toEqual({
      maxCount: 500,
      maxBytes: 2 * 1024 ** 3,
    });
    expect(limits({ RUNNER_RESULTS_MAX_BYTES: "1.5 GB" })).toEqual({ maxCount: null, maxBytes: 1.5e9 });
    expect(limits({ RUNNER_RESULTS_MAX_BYTES: "104857600", RUNNER_RESULTS_MAX_COUNT: "" })).toEqual({
      maxCount: null,
      maxBytes: 100 * 1024 ** 2,
    });
    expect(() => limits({ RUNNER_RESULTS_MAX_COUNT: "0", RUNNER_RESULTS_MAX_BYTES: "lots" })).toThrow(
      /RUNNER_RESULTS_MAX_COUNT[\s\S]*RUNNER_RESULTS_MAX_BYTES: "lots" is not a size/,
    );
    expect(() => limits({ RUNNER_RESULTS_MAX_BYTES: "64KiB" })).toThrow(
      /RUNNER_RESULTS_MAX_BYTES: must be at least 1MiB/,
    );
  });

  it("reads every variable, treating empty ones as unset", () => {
    const config = loadRunnerConfig({
      RUNNER_HOST: "0.0.0.0",
      RUNNER_PORT: "4100",
      RUNNER_TOKEN: "a-long-enough-secret-token",
      RUNNER_ALLOWED_ORIGINS: "https://relix.example.com, http://10.0.0.5:3000/",
      RUNNER_ALLOWED_HOSTS: "runner, relix.example.com:4000",
      RUNNER_RESULTS_DIR: "/tmp/relix-runs",
      RUNNER_STATE_DIR: "/tmp/relix-state",
      MYSQL_URL: "mysql://relix:pw@db:3306/relix",
      RUNNER_SHUTDOWN_TIMEOUT_MS: "",
      SERVICES_HOST: "localhost",
      REST_PORT: "18080",
      GRPC_PORT: "15051",
      GRPC_METRICS_PORT: "19464",
      NODE_PORT: "18081",
      H2C_PORT: "off",
    });
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 4100,
      token: "a-long-enough-secret-token",
      allowedOrigins: ["https://relix.example.com", "http://10.0.0.5:3000"],
      allowedHosts: ["runner", "relix.example.com:4000"],
      resultsDir: "/tmp/relix-runs",
      stateDir: "/tmp/relix-state",
      mysqlUrl: "mysql://relix:pw@db:3306/relix",
      shutdownTimeoutMs: 10_000,
      targets: { host: "127.0.0.1", restPort: 18080, grpcPort: 15051, grpcMetricsPort: 19464 },
    });
    // A stack turned off has no port: a run that asks for it is refused before measuring.
    expect(config.targets.stackPorts).toEqual({
      ...DEFAULT_TARGETS.stackPorts,
      node: 18081,
      h2c: undefined,
    });
  });

  it("lists every problem at once", () => {
    expect(() =>
      loadRunnerConfig({
        RUNNER_PORT: "70000",
        RUNNER_TOKEN: "short",
        RUNNER_ALLOWED_ORIGINS: "http://x.com/path,*",
        RUNNER_ALLOWED_HOSTS: "http://runner",
        MYSQL_URL: "redis://x",
        SERVICES_HOST: "10.0.0.1",
      }),
    ).toThrow(
      /RUNNER_PORT[\s\S]*RUNNER_TOKEN[\s\S]*RUNNER_ALLOWED_ORIGINS[\s\S]*RUNNER_ALLOWED_HOSTS[\s\S]*"http:\/\/runner" is not a host name[\s\S]*MYSQL_URL[\s\S]*SERVICES_HOST/,
    );
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

  it.each(["10.0.0.1", "example.com"])(
    "says how to opt in to another host when SERVICES_HOST=%s is given without it",
    (host) => {
      expect(() => loadBenchConfig({ SERVICES_HOST: host })).toThrow(
        "unless the operator sets RELIX_REMOTE_SERVICES=1 to drive services run on another host " +
          "(the runner then never starts or stops them, and every figure includes that network)",
      );
      expect(() => loadBenchConfig({ SERVICES_HOST: host, RELIX_REMOTE_SERVICES: "0" })).toThrow(
        /RELIX_REMOTE_SERVICES=1/,
      );
    },
  );

  it("refuses REST_HOST and GRPC_HOST off loopback without the opt-in, naming each", () => {
    expect(() => loadBenchConfig({ REST_HOST: "10.0.0.5", GRPC_HOST: "services.internal" })).toThrow(
      /REST_HOST: "10\.0\.0\.5" is not a loopback address[\s\S]*GRPC_HOST: "services\.internal" is not a loopback address/,
    );
  });

  it("takes services on another host with RELIX_REMOTE_SERVICES=1: external, never started by the runner", () => {
    expect(loadBenchConfig({ SERVICES_HOST: "10.0.0.5", RELIX_REMOTE_SERVICES: "1" }).targets).toEqual({
      ...DEFAULT_TARGETS,
      host: "10.0.0.5",
      external: true,
    });
    expect(
      loadRunnerConfig({
        REST_HOST: "rest.internal",
        GRPC_HOST: "[fd00::5]",
        GRPC_PORT: "6000",
        RELIX_REMOTE_SERVICES: "true",
      }).targets,
    ).toEqual({
      ...DEFAULT_TARGETS,
      restHost: "rest.internal",
      grpcHost: "fd00::5",
      grpcPort: 6000,
      external: true,
    });
  });

  it("treats loopback services as external with the opt-in (another address on this machine stands for a host)", () => {
    expect(loadBenchConfig({ SERVICES_HOST: "127.0.0.2", RELIX_REMOTE_SERVICES: "1" }).targets).toEqual({
      ...DEFAULT_TARGETS,
      host: "127.0.0.2",
      external: true,
    });
  });

  it.each(["127.1", "0.0.0.0", "::", "2130706433", "http://10.0.0.5", "10.0.0.5:8080", "a..b"])(
    "refuses SERVICES_HOST=%s even with the opt-in: no host to connect to as written",
    (host) => {
      expect(() => loadBenchConfig({ SERVICES_HOST: host, RELIX_REMOTE_SERVICES: "1" })).toThrow(
        `SERVICES_HOST: ${JSON.stringify(host)} is not a host to connect to`,
      );
    },
  );

  it("refuses an opt-in that is neither 1 nor 0, and does not take it as one", () => {
    expect(() => loadBenchConfig({ SERVICES_HOST: "10.0.0.5", RELIX_REMOTE_SERVICES: "yes" })).toThrow(
      /RELIX_REMOTE_SERVICES: must be 1[\s\S]*SERVICES_HOST: "10\.0\.0\.5" is not a loopback address/,
    );
  });

  it("measures services already running here only with RELIX_USE_RUNNING_SERVICES=1", () => {
    expect(loadBenchConfig({ RELIX_USE_RUNNING_SERVICES: "1" }).targets).toEqual({
      ...DEFAULT_TARGETS,
      useRunning: true,
    });
    expect(loadRunnerConfig({ RELIX_USE_RUNNING_SERVICES: "0" }).targets).toEqual(DEFAULT_TARGETS);
    expect(() => loadBenchConfig({ RELIX_USE_RUNNING_SERVICES: "yes" })).toThrow(
      "RELIX_USE_RUNNING_SERVICES: must be 1 (measure services already running here, as they are) or 0",
    );
  });

  it("ignores the service's own variables, which a benchmark does not use", () => {
    expect(() => loadBenchConfig({ RUNNER_TOKEN: "short", RUNNER_PORT: "x" })).not.toThrow();
  });
});
