import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRunnerConfig } from "./config";

describe("runner config", () => {
  it("defaults to loopback:4000, the web origins, no token, the file store in .relix/runs", () => {
    expect(loadRunnerConfig({})).toEqual({
      host: "127.0.0.1",
      port: 4000,
      token: null,
      allowedOrigins: ["http://127.0.0.1:3000", "http://localhost:3000"],
      resultsDir: path.resolve(".relix/runs"),
      mysqlUrl: null,
      shutdownTimeoutMs: 10_000,
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
    });
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 4100,
      token: "a-long-enough-secret-token",
      allowedOrigins: ["https://relix.example.com", "http://10.0.0.5:3000"],
      resultsDir: "/tmp/relix-runs",
      mysqlUrl: "mysql://relix:pw@db:3306/relix",
      shutdownTimeoutMs: 10_000,
    });
  });

  it("lists every problem at once", () => {
    expect(() =>
      loadRunnerConfig({
        RUNNER_PORT: "70000",
        RUNNER_TOKEN: "short",
        RUNNER_ALLOWED_ORIGINS: "http://x.com/path,*",
        MYSQL_URL: "redis://x",
      }),
    ).toThrow(/RUNNER_PORT[\s\S]*RUNNER_TOKEN[\s\S]*RUNNER_ALLOWED_ORIGINS[\s\S]*MYSQL_URL/);
  });
});
