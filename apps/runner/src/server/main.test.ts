import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../store/testing/test-database";

/** Every stack's default port beyond express and grpc-js, the Java and Python ones included. */
const DEFAULT_STACK_PORTS = {
  node: 8081,
  "node-protobuf": 8082,
  h2c: 8083,
  "grpc-js-static": 50052,
  spring: 8090,
  fastapi: 8091,
  flask: 8092,
  "grpc-java": 50061,
  grpcio: 50062,
};

const here = path.dirname(fileURLToPath(import.meta.url));
const runnerRoot = path.resolve(here, "../..");

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** `pnpm start` of the runner, as a child process, configured only by env. */
async function startMain(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: runnerRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, RUNNER_HOST: "127.0.0.1", RUNNER_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`runner did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^;\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => reject(new Error(`runner exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output, exited };
}

/** What GET /healthz says about the services the runner drives. */
const servicesOf = async (url: string) =>
  ((await (await fetch(`${url}/healthz`)).json()) as { services?: unknown }).services;

let started: Started | undefined;
let dir: string | undefined;
let database: TestDatabase | undefined;
afterEach(async () => {
  if (started && started.child.exitCode === null) started.child.kill("SIGKILL");
  started = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  await database?.drop();
  database = undefined;
});

describe("the runner service process (main.ts)", () => {
  it("starts on MySQL, serves the API, and stops cleanly on SIGTERM", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "relix-main-"));
    database = await createTestDatabase();
    started = await startMain({ MYSQL_URL: database.url, RUNNER_RESULTS_DIR: dir });
    expect(started.output()).toMatch(/store: mysql at 127\.0\.0\.1/);
    expect((await fetch(`${started.url}/healthz`)).status).toBe(200);
    const bad = await fetch(`${started.url}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ spec: { target: "http://evil" } }),
    });
    expect(bad.status).toBe(400);
    const presets = (await (await fetch(`${started.url}/api/presets`)).json()) as { presets: Array<{ name: string }> };
    expect(presets.presets.map((p) => p.name)).toContain("quick");

    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
  });

  it("without MYSQL_URL says so and keeps runs as files", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "relix-main-"));
    started = await startMain({ RUNNER_RESULTS_DIR: dir });
    expect(started.output()).toMatch(/MYSQL_URL is not set: runs and results are kept only as files in/);
    expect(started.output()).toContain(`files only, in ${dir}`);
    started.child.kill("SIGINT");
    expect(await started.exited).toBe(0);
  });

  it("refuses to start on an invalid environment, saying what is wrong", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: runnerRoot,
      env: { PATH: process.env.PATH, RUNNER_PORT: "http", RUNNER_TOKEN: "short" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/RUNNER_PORT/);
    expect(output).toMatch(/RUNNER_TOKEN must be at least 16 characters/);
  });

  // Configuration only: the runner looks at the services when a run starts, so none of this sends traffic.
  it("refuses services on another host unless the operator opts in, saying how", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: runnerRoot,
      env: { PATH: process.env.PATH, RUNNER_PORT: "0", SERVICES_HOST: "10.0.0.5" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain(
      'SERVICES_HOST: "10.0.0.5" is not a loopback address: 127.0.0.0/8 (e.g. 127.0.0.1), ::1 or localhost: ' +
        "Relix only loads services on this machine, unless the operator sets RELIX_REMOTE_SERVICES=1",
    );
  });

  it("tells the web which services it drives: its own on loopback, or the operator's elsewhere", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "relix-main-"));
    started = await startMain({ RUNNER_RESULTS_DIR: dir });
    expect(await servicesOf(started.url)).toEqual({
      rest: { host: "127.0.0.1", port: 8080, statsPort: 8080, owner: "runner" },
      grpc: { host: "127.0.0.1", port: 50051, statsPort: 9464, owner: "runner" },
      stackPorts: DEFAULT_STACK_PORTS,
    });
    started.child.kill("SIGTERM");
    await started.exited;

    started = await startMain({
      RUNNER_RESULTS_DIR: dir,
      SERVICES_HOST: "10.0.0.5",
      GRPC_HOST: "services.internal",
      RELIX_REMOTE_SERVICES: "1",
    });
    expect(started.output()).toContain(
      "RELIX_REMOTE_SERVICES=1: load goes to REST at http://10.0.0.5:8080 and gRPC at services.internal:50051, " +
        "services the operator runs: this runner never starts or stops them",
    );
    expect(await servicesOf(started.url)).toEqual({
      rest: { host: "10.0.0.5", port: 8080, statsPort: 8080, owner: "external" },
      grpc: { host: "services.internal", port: 50051, statsPort: 9464, owner: "external" },
      stackPorts: DEFAULT_STACK_PORTS,
    });
  });
});
