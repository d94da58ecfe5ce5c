import { status as grpcStatus, type ServiceError } from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getWorkload, MAX_MESSAGE_BYTES } from "@relix/core";
import { createGrpcClients, type GrpcClients } from "@relix/io";
import { PROTOBUF_CONTENT_TYPE, protobufCodecOf } from "@relix/io/proto/protobuf-bodies";
import { httpStackIds, stackRequest, type HttpStackId } from "./http-stack-client";
import { databaseUrl, startStack, type Stack } from "./stack";

let stack: Stack;
let grpc: GrpcClients;

beforeAll(async () => {
  stack = await startStack({ MYSQL_URL: databaseUrl("relix_bad_input") });
  grpc = createGrpcClients(stack.grpcTarget);
});
afterAll(async () => {
  grpc?.close();
  await stack?.close();
});

async function rest(
  method: string,
  path: string,
  init: { body?: string | Buffer; contentType?: string; headers?: Record<string, string> } = {},
  on: HttpStackId = "express",
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.contentType) headers["content-type"] = init.contentType;
  const response = await stackRequest(stack, on, { method, path, headers, body: init.body });
  expect(response.contentType).toContain("application/json");
  return {
    status: response.status,
    body: JSON.parse(response.body.toString("utf8")) as { error: { code: string; message: string; field?: string } },
  };
}

async function grpcError(workloadId: string, message: Record<string, unknown>, metadata: Record<string, string> = {}) {
  const workload = getWorkload(workloadId);
  // Bypass the request builder: these messages are deliberately invalid.
  const raw = { ...workload, grpc: { ...workload.grpc, build: () => message } };
  const ctx = { cacheMode: (metadata["x-relix-cache"] ?? "warm") as "warm", delayMs: 0 };
  try {
    await grpc.call(raw, {}, ctx);
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error(`${workloadId} accepted ${JSON.stringify(message)}`);
}

describe.each(["express", "node", "h2c"] as const)(
  "REST (%s) refuses bad input with a 4xx JSON error naming the problem, never a 5xx",
  (on) => {
    const cases: Array<[string, string, string, Parameters<typeof rest>[2], number, string]> = [
      ["id not a number", "GET", "/v1/items/abc", {}, 400, "id"],
      ["id zero", "GET", "/v1/items/0", {}, 400, "id"],
      ["unknown id", "GET", "/v1/items/999999", {}, 404, "not found"],
      ["unknown shape id", "GET", "/v1/shapes/large/101", {}, 404, "not found"],
      ["bad JSON", "POST", "/v1/math/add", { body: "{not json", contentType: "application/json" }, 400, "JSON"],
      ["missing field", "POST", "/v1/math/add", { body: '{"a":1}', contentType: "application/json" }, 400, "b"],
      ["wrong type", "POST", "/v1/math/add", { body: '{"a":"1","b":2}', contentType: "application/json" }, 400, "a"],
      [
        "int32 overflow",
        "POST",
        "/v1/math/add",
        { body: '{"a":2147483647,"b":1}', contentType: "application/json" },
        400,
        "overflows",
      ],
      [
        "vectors of different length",
        "POST",
        "/v1/math/dot",
        { body: '{"a":[1,2],"b":[1]}', contentType: "application/json" },
        400,
        "b",
      ],
      ["no body at all", "POST", "/v1/echo", {}, 400, "body"],
      [
        "echo map of numbers",
        "POST",
        "/v1/echo",
        { body: '{"message":"x","data":{"k":1}}', contentType: "application/json" },
        400,
        "data.k",
      ],
      [
        "stream of zero messages",
        "POST",
        "/v1/stream",
        { body: '{"numberOfMessages":0}', contentType: "application/json" },
        400,
        "numberOfMessages",
      ],
      ["not a JPEG", "POST", "/v1/images/raw", { body: Buffer.from("hello"), contentType: "image/jpeg" }, 400, "image"],
      [
        "bad base64",
        "POST",
        "/v1/images/base64",
        { body: '{"img":"***"}', contentType: "application/json" },
        400,
        "img",
      ],
      [
        "meteorite with a missing field",
        "POST",
        "/v1/meteorites",
        { body: '{"items":[{"id":1}]}', contentType: "application/json" },
        400,
        "items.0",
      ],
      ["unknown cache mode", "GET", "/v1/items/1", { headers: { "x-relix-cache": "hot" } }, 400, "x-relix-cache"],
      [
        "delay out of range",
        "POST",
        "/v1/echo",
        {
          body: '{"message":"x","data":{}}',
          contentType: "application/json",
          headers: { "x-relix-delay-ms": "100000" },
        },
        400,
        "x-relix-delay-ms",
      ],
      ["unknown route", "GET", "/v1/nothing-here", {}, 404, "no route"],
      ["undecodable path", "GET", "/v1/items/%zz", {}, 400, "path"],
      [
        "dot product beyond float32",
        "POST",
        "/v1/math/dot",
        { body: '{"a":[1e38,1e38],"b":[1e38,1e38]}', contentType: "application/json" },
        400,
        "overflows float32",
      ],
      [
        "vector value beyond float32",
        "POST",
        "/v1/math/dot",
        { body: '{"a":[1e39],"b":[1]}', contentType: "application/json" },
        400,
        "a.0",
      ],
    ];
    for (const [name, method, path, init, status, mention] of cases) {
      it(name, async () => {
        const response = await rest(method, path, init, on);
        expect(response.status).toBe(status);
        expect(response.body.error.message).toContain(mention);
      });
    }

    it("a body over the limit is refused with 413", async () => {
      const response = await rest(
        "POST",
        "/v1/upload",
        { body: Buffer.alloc(MAX_MESSAGE_BYTES + 1, 1), contentType: "application/octet-stream" },
        on,
      );
      expect(response.status).toBe(413);
      expect(response.body.error.field).toBe("body");
    });
  },
);

// A URL parser reads a path that starts with `//` as a host name: `//` threw (a 500), and
// `//relix.invalid/healthz` turned into `/healthz`. Both are paths, and no route.
describe("every HTTP server answers a path starting with // with a 404 JSON error", () => {
  const paths = ["//", "//relix.invalid/healthz"];
  for (const on of httpStackIds) {
    for (const path of paths) {
      it(`${on}: GET ${path}`, async () => {
        const response = await rest("GET", path, {}, on);
        expect(response.status).toBe(404);
        expect(response.body.error).toMatchObject({ code: "not_found", message: `no route for GET ${path}` });
      });
    }
  }
  for (const path of paths) {
    it(`the gRPC API's side port: GET ${path}`, async () => {
      const response = await fetch(`${stack.grpcMetricsUrl}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "unknown path" } });
    });
  }
});

describe("REST with protobuf bodies (node-protobuf) refuses bad input with a 4xx JSON error naming the field", () => {
  const protobuf = (workloadId: string, message: Record<string, unknown>) =>
    protobufCodecOf(getWorkload(workloadId)).requestSerialize(message);
  const cases: Array<[string, string, string, Parameters<typeof rest>[2], number, string, string]> = [
    ["id not a number", "GET", "/v1/items/abc", {}, 400, "id", "id"],
    ["id zero", "GET", "/v1/items/0", {}, 400, "id", "id"],
    ["undecodable path", "GET", "/v1/items/%zz", {}, 400, "path", "path"],
    [
      "unknown cache mode",
      "GET",
      "/v1/items/1",
      { headers: { "x-relix-cache": "hot" } },
      400,
      "x-relix-cache",
      "x-relix-cache",
    ],
    [
      "not a protobuf message",
      "POST",
      "/v1/math/add",
      { body: Buffer.from([0xff, 0xff, 0xff]), contentType: PROTOBUF_CONTENT_TYPE },
      400,
      "protobuf",
      "body",
    ],
    [
      "int32 overflow",
      "POST",
      "/v1/math/add",
      { body: protobuf("math.add", { a: 2147483647, b: 1 }), contentType: PROTOBUF_CONTENT_TYPE },
      400,
      "overflows",
      "b",
    ],
    [
      "stream of zero messages",
      "POST",
      "/v1/stream",
      { body: protobuf("stream", { numberOfMessages: 0 }), contentType: PROTOBUF_CONTENT_TYPE },
      400,
      "numberOfMessages",
      "numberOfMessages",
    ],
    [
      "a JSON body",
      "POST",
      "/v1/math/add",
      { body: '{"a":1,"b":2}', contentType: "application/json" },
      415,
      "content type",
      "body",
    ],
  ];
  for (const [name, method, path, init, status, mention, field] of cases) {
    it(name, async () => {
      const response = await rest(method, path, init, "node-protobuf");
      expect(response.status).toBe(status);
      expect(response.body.error.message).toContain(mention);
      expect(response.body.error.field ?? response.body.error.message).toContain(field);
    });
  }

  it("a body over the limit is refused with 413", async () => {
    const body = protobuf("upload", { payload: Buffer.alloc(MAX_MESSAGE_BYTES + 1, 1) });
    const response = await rest("POST", "/v1/upload", { body, contentType: PROTOBUF_CONTENT_TYPE }, "node-protobuf");
    expect(response.status).toBe(413);
    expect(response.body.error.field).toBe("body");
  });
});

describe("gRPC refuses bad input with INVALID_ARGUMENT / NOT_FOUND / RESOURCE_EXHAUSTED, never INTERNAL", () => {
  const cases: Array<[string, string, Record<string, unknown>, grpcStatus, string]> = [
    ["id missing (proto default 0)", "item.get", {}, grpcStatus.INVALID_ARGUMENT, "id"],
    ["unknown id", "item.get", { id: 999999 }, grpcStatus.NOT_FOUND, "not found"],
    ["unknown shape id", "shape.deepest.get", { id: 101 }, grpcStatus.NOT_FOUND, "not found"],
    ["int32 overflow", "math.add", { a: 2147483647, b: 1 }, grpcStatus.INVALID_ARGUMENT, "overflows"],
    ["empty vectors", "math.dot", {}, grpcStatus.INVALID_ARGUMENT, "a"],
    [
      "dot product beyond float32",
      "math.dot",
      { a: [1e38, 1e38], b: [1e38, 1e38] },
      grpcStatus.INVALID_ARGUMENT,
      "overflows float32",
    ],
    ["stream of zero messages", "stream", { numberOfMessages: 0 }, grpcStatus.INVALID_ARGUMENT, "numberOfMessages"],
    ["not a JPEG", "image.raw", { image: Buffer.from("hello") }, grpcStatus.INVALID_ARGUMENT, "image"],
    ["empty image", "image.raw", {}, grpcStatus.INVALID_ARGUMENT, "image"],
    ["bad base64", "image.base64", { img: "***" }, grpcStatus.INVALID_ARGUMENT, "img"],
  ];
  for (const [name, workloadId, message, code, mention] of cases) {
    it(name, async () => {
      const error = await grpcError(workloadId, message);
      expect(grpcStatus[error.code]).toBe(grpcStatus[code]);
      expect(error.details).toContain(mention);
    });
  }

  it("an unknown cache mode in metadata is INVALID_ARGUMENT", async () => {
    const error = await grpcError("item.get", { id: 1 }, { "x-relix-cache": "hot" });
    expect(grpcStatus[error.code]).toBe("INVALID_ARGUMENT");
  });

  it("a message over the limit is RESOURCE_EXHAUSTED", async () => {
    const error = await grpcError("upload", { payload: Buffer.alloc(MAX_MESSAGE_BYTES + 1, 1) });
    expect(grpcStatus[error.code]).toBe("RESOURCE_EXHAUSTED");
  });
});
