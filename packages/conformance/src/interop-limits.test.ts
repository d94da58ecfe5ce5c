import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { status as grpcStatus, type ServiceError } from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELAY_HEADER, getWorkload, MAX_TOTAL_DELAY_MS } from "@relix/core";
import { callRest, createGrpcClients, type GrpcClients } from "@relix/io";
import { locateTool, toolPath } from "@relix/io/backends";
import { databaseUrl, startStack, type Stack } from "./stack";

const run = promisify(execFile);
const MIB = 1024 * 1024;

let stack: Stack;
let grpc: GrpcClients;

beforeAll(async () => {
  stack = await startStack({ MYSQL_URL: databaseUrl("relix_interop_limits") });
  grpc = createGrpcClients(stack.grpcTarget);
});
afterAll(async () => {
  grpc?.close();
  await stack?.close();
});

/** Go tools found the way the runner finds ghz (override variable, PATH, ~/go/bin, GOPATH). */
const goTool = async (name: string, overrideVar?: string) =>
  toolPath(await locateTool({ name, goInstalled: true, ...(overrideVar ? { overrideVar } : {}) }, process.env));

/** ghz with no .proto file: it learns the method only through the server's reflection. */
async function ghzThroughReflection(call: string, data: string) {
  const { stdout } = await run(await goTool("ghz", "GHZ_BIN"), [
    "--insecure",
    "--call",
    call,
    "-d",
    data,
    "-n",
    "1",
    "--format",
    "json",
    stack.grpcTarget,
  ]);
  return JSON.parse(stdout) as { statusCodeDistribution: Record<string, number>; errorDistribution?: object };
}

describe("standard gRPC tools find every registered service through reflection", () => {
  it("grpcurl checks health through reflection alone", async () => {
    const { stdout } = await run(await goTool("grpcurl"), [
      "-plaintext",
      "-d",
      '{"service": ""}',
      stack.grpcTarget,
      "grpc.health.v1.Health/Check",
    ]);
    expect(JSON.parse(stdout)).toEqual({ status: "SERVING" });
  });

  it("grpcurl lists every registered service, health and reflection included", async () => {
    const { stdout } = await run(await goTool("grpcurl"), ["-plaintext", stack.grpcTarget, "list"]);
    const services = stdout.trim().split("\n");
    expect(services).toEqual(
      expect.arrayContaining(["grpc.health.v1.Health", "relix.v1.CatalogService", "relix.v1.BenchService"]),
    );
    expect(services.some((service) => service.startsWith("grpc.reflection."))).toBe(true);
  });

  it("grpc.health.v1.Health/Check is callable with no .proto through ghz's reflection client too", async () => {
    const report = await ghzThroughReflection("grpc.health.v1.Health.Check", '{"service": ""}');
    expect(report.statusCodeDistribution).toEqual({ OK: 1 });
  });

  it("the reflection service describes itself", async () => {
    // A bidirectional stream that ghz can only open once reflection has described it.
    const report = await ghzThroughReflection(
      "grpc.reflection.v1.ServerReflection.ServerReflectionInfo",
      '{"list_services": ""}',
    );
    expect(report.statusCodeDistribution).toEqual({ OK: 1 });
  });
});

type Case = { name: string; workloadId: string; request: unknown; delayMs: number; mentions: string };

const overBudget: Case[] = [
  {
    name: "a stream of 11 messages at 1,000 ms each (11 s)",
    workloadId: "stream",
    request: { numberOfMessages: 11 },
    delayMs: 1_000,
    mentions: "numberOfMessages",
  },
  {
    name: "a stream of 5,000 messages at 3 ms each (15 s)",
    workloadId: "stream",
    request: { numberOfMessages: 5_000 },
    delayMs: 3,
    mentions: "numberOfMessages",
  },
  {
    name: "an upload of 11 MiB at 1,000 ms per MiB (11 s)",
    workloadId: "upload",
    request: { payload: Buffer.alloc(11 * MIB, "x") },
    delayMs: 1_000,
    mentions: "payload",
  },
];

describe(`a request may ask for at most ${MAX_TOTAL_DELAY_MS} ms of server delay in all, on both APIs alike`, () => {
  for (const c of overBudget) {
    it(`${c.name} is refused before any delay: 400 and INVALID_ARGUMENT naming ${DELAY_HEADER}`, async () => {
      const workload = getWorkload(c.workloadId);
      const ctx = { cacheMode: "warm" as const, delayMs: c.delayMs };
      const started = Date.now();

      const rest = await callRest(stack.restUrl, workload, c.request, ctx);
      expect(rest.status).toBe(400);
      const body = rest.data as { error: { code: string; message: string; field?: string } };
      expect(body.error.field).toBe(DELAY_HEADER);
      expect(body.error.message).toContain(c.mentions);

      const error = await grpc.call(workload, c.request, ctx).then(
        () => {
          throw new Error(`gRPC ${c.workloadId} accepted a delay over the bound`);
        },
        (e: unknown) => e as ServiceError,
      );
      expect(grpcStatus[error.code]).toBe("INVALID_ARGUMENT");
      expect(error.details).toBe(body.error.message);

      expect(Date.now() - started, "refused up front, not after sleeping").toBeLessThan(5_000);
    });
  }

  it("a stream well under the bound is served on both APIs", async () => {
    const workload = getWorkload("stream");
    const ctx = { cacheMode: "warm" as const, delayMs: 1 };
    const request = { numberOfMessages: 50 };
    const rest = await callRest(stack.restUrl, workload, request, ctx);
    expect(rest.status).toBe(200);
    expect(rest.data).toHaveLength(50);
    const reply = await grpc.call(workload, request, ctx);
    expect(reply.data).toHaveLength(50);
  });

  it("the OpenAPI document states the bound on the delay header", async () => {
    const document = (await (await fetch(`${stack.restUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters: Array<{ name: string; description?: string }> }>>;
    };
    const header = document.paths["/v1/stream"]!.post!.parameters.find((p) => p.name === DELAY_HEADER);
    expect(header?.description).toContain(String(MAX_TOTAL_DELAY_MS));
  });
});
