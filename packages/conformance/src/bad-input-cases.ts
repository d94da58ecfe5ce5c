// The bad inputs bad-input.test.ts sends the Node stacks, for the workloads the Java and Python stacks
// serve, as data: each tagged with the workload whose route or method it reaches, so a stack that
// serves only some workloads is sent the ones it serves (runtime-conformance.ts).
import { CACHE_MODE_HEADER, DELAY_HEADER, MAX_MESSAGE_BYTES } from "@relix/core";
import type { RawRequest } from "./http-stack-client";

const json = "application/json";

/** The bad inputs of bad-input.test.ts sent to a REST stack, each on the workload whose route it hits. */
export const restBadInputs: Array<{ name: string; workload?: string; request: RawRequest }> = [
  { name: "id not a number", workload: "item.get", request: { method: "GET", path: "/v1/items/abc" } },
  { name: "id zero", workload: "item.get", request: { method: "GET", path: "/v1/items/0" } },
  { name: "unknown id", workload: "item.get", request: { method: "GET", path: "/v1/items/999999" } },
  { name: "undecodable path", workload: "item.get", request: { method: "GET", path: "/v1/items/%zz" } },
  {
    name: "unknown cache mode",
    workload: "item.get",
    request: { method: "GET", path: "/v1/items/1", headers: { [CACHE_MODE_HEADER]: "hot" } },
  },
  ...(
    [
      ["bad JSON", "math.add", "/v1/math/add", "{not json"],
      ["missing field", "math.add", "/v1/math/add", '{"a":1}'],
      ["wrong type", "math.add", "/v1/math/add", '{"a":"1","b":2}'],
      ["int32 overflow", "math.add", "/v1/math/add", '{"a":2147483647,"b":1}'],
      ["vectors of different length", "math.dot", "/v1/math/dot", '{"a":[1,2],"b":[1]}'],
      ["dot product beyond float32", "math.dot", "/v1/math/dot", '{"a":[1e38,1e38],"b":[1e38,1e38]}'],
      ["vector value beyond float32", "math.dot", "/v1/math/dot", '{"a":[1e39],"b":[1]}'],
      ["echo map of numbers", "echo", "/v1/echo", '{"message":"x","data":{"k":1}}'],
      ["stream of zero messages", "stream", "/v1/stream", '{"numberOfMessages":0}'],
      ["bad base64", "image.base64", "/v1/images/base64", '{"img":"***"}'],
    ] as const
  ).map(([name, workload, path, body]) => ({
    name,
    workload,
    request: { method: "POST", path, headers: { "content-type": json }, body },
  })),
  { name: "no body at all", workload: "echo", request: { method: "POST", path: "/v1/echo" } },
  {
    name: "delay out of range",
    workload: "echo",
    request: {
      method: "POST",
      path: "/v1/echo",
      headers: { "content-type": json, [DELAY_HEADER]: "100000" },
      body: '{"message":"x","data":{}}',
    },
  },
  {
    name: "not a JPEG",
    workload: "image.raw",
    request: {
      method: "POST",
      path: "/v1/images/raw",
      headers: { "content-type": "image/jpeg" },
      body: Buffer.from("hello"),
    },
  },
  {
    name: "a body over the limit",
    workload: "upload",
    request: {
      method: "POST",
      path: "/v1/upload",
      headers: { "content-type": "application/octet-stream" },
      body: Buffer.alloc(MAX_MESSAGE_BYTES + 1, 1),
    },
  },
  { name: "unknown route", request: { method: "GET", path: "/v1/nothing-here" } },
];

/** The bad inputs of bad-input.test.ts sent to a gRPC stack. */
export const grpcBadInputs: Array<{
  name: string;
  workload: string;
  message: Record<string, unknown>;
  cacheMode?: string;
}> = [
  { name: "id missing (proto default 0)", workload: "item.get", message: {} },
  { name: "unknown id", workload: "item.get", message: { id: 999999 } },
  { name: "unknown cache mode in metadata", workload: "item.get", message: { id: 1 }, cacheMode: "hot" },
  { name: "int32 overflow", workload: "math.add", message: { a: 2147483647, b: 1 } },
  { name: "empty vectors", workload: "math.dot", message: {} },
  { name: "dot product beyond float32", workload: "math.dot", message: { a: [1e38, 1e38], b: [1e38, 1e38] } },
  { name: "stream of zero messages", workload: "stream", message: { numberOfMessages: 0 } },
  { name: "not a JPEG", workload: "image.raw", message: { image: Buffer.from("hello") } },
  { name: "empty image", workload: "image.raw", message: {} },
  { name: "bad base64", workload: "image.base64", message: { img: "***" } },
];
