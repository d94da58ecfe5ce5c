import { describe, expect, it } from "vitest";
import { workloads } from "../catalog/catalog";
import { stackRecord } from "../stacks/stacks";
import { openApiDocumentOf } from "./stack-openapi";

const operationIds = (stack: Parameters<typeof openApiDocumentOf>[0]) =>
  Object.values(openApiDocumentOf(stack).paths).flatMap((operations) =>
    Object.values(operations).flatMap((operation) => {
      const id = (operation as { operationId?: string }).operationId;
      return id ? [id] : [];
    }),
  );

describe("a REST stack's OpenAPI document lists what its record says it serves, and nothing else", () => {
  it("express: every workload of the catalog, at its route and method", () => {
    const document = openApiDocumentOf("express");
    expect(operationIds("express").sort()).toEqual(workloads.map((w) => w.id).sort());
    const item = document.paths["/v1/items/{id}"] as { get: { operationId: string } };
    expect(item.get.operationId).toBe("item.get");
  });

  it.each(["spring", "fastapi", "flask"] as const)("%s: only its record's workloads", (stack) => {
    const served = stackRecord(stack).workloads!;
    expect(operationIds(stack).sort()).toEqual([...served].sort());
    expect(openApiDocumentOf(stack).info.description).toContain(served.join(", "));
  });

  it("every stack's document lists the operations endpoints and itself", () => {
    const paths = Object.keys(openApiDocumentOf("flask").paths);
    expect(paths).toEqual(expect.arrayContaining(["/healthz", "/readyz", "/metrics", "/stats", "/openapi.json"]));
  });

  it("a route with a body documents the refusals of a body: too large, unreadable", () => {
    const echo = (openApiDocumentOf("spring").paths["/v1/echo"] as { post: { responses: Record<string, unknown> } })
      .post;
    expect(Object.keys(echo.responses)).toEqual(["200", "400", "413", "415", "503"]);
  });

  it("a gRPC stack and a protobuf one have none", () => {
    expect(() => openApiDocumentOf("grpc-js")).toThrow(/not a REST stack with JSON bodies/);
    expect(() => openApiDocumentOf("node-protobuf")).toThrow(/not a REST stack with JSON bodies/);
  });
});
