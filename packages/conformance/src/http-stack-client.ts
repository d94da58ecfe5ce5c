import http2 from "node:http2";
import { restRequestOf, type Workload } from "@relix/core";
import { CACHE_MODE_HEADER, DELAY_HEADER } from "@relix/core/calls/cache-mode";
import type { CallContext } from "@relix/core/calls/call-context";
import { PROTOBUF_CONTENT_TYPE, delimited, protobufCodecOf, splitDelimited } from "@relix/io/proto/protobuf-bodies";
import type { Stack } from "./stack";

export type HttpStackId = "express" | "node" | "node-protobuf" | "h2c";
export const httpStackIds: readonly HttpStackId[] = ["express", "node", "node-protobuf", "h2c"];

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}
export interface RawResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

export const baseUrlOf = (stack: Stack, id: HttpStackId) =>
  ({ express: stack.restUrl, node: stack.nodeUrl, "node-protobuf": stack.nodeProtobufUrl, h2c: stack.h2cUrl })[id];

/** One request over cleartext HTTP/2 (prior knowledge, as h2load and gRPC speak it). */
function h2cRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(baseUrl);
    session.on("error", reject);
    const stream = session.request({ ":method": request.method, ":path": request.path, ...request.headers });
    const chunks: Buffer[] = [];
    let status = 0;
    let contentType = "";
    stream.on("response", (headers) => {
      status = Number(headers[":status"]);
      contentType = String(headers["content-type"] ?? "");
    });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      session.close();
      resolve({ status, contentType, body: Buffer.concat(chunks) });
    });
    stream.on("error", reject);
    stream.end(request.body);
  });
}

/** One request to one HTTP stack of the REST API's process. */
export async function stackRequest(stack: Stack, id: HttpStackId, request: RawRequest): Promise<RawResponse> {
  const baseUrl = baseUrlOf(stack, id);
  if (id === "h2c") return h2cRequest(baseUrl, request);
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** The HTTP request that carries a workload's request on a stack: JSON as the runner sends it, or protobuf. */
function encodeRequest<Req>(id: HttpStackId, workload: Workload<Req>, request: Req): RawRequest {
  const http = restRequestOf(workload, request);
  if (id !== "node-protobuf" || workload.rest.body === "none")
    return {
      method: http.method,
      path: http.path,
      body: http.body,
      headers: http.contentType ? { "content-type": http.contentType } : {},
    };
  const codec = protobufCodecOf(workload);
  const binding = workload.grpc.clientStream;
  const body = binding
    ? Buffer.concat(binding.messages(request).map((message) => delimited(codec.requestSerialize(message))))
    : codec.requestSerialize(workload.grpc.build(request));
  return { method: http.method, path: http.path, body, headers: { "content-type": PROTOBUF_CONTENT_TYPE } };
}

/** Decodes a success: JSON or NDJSON lines, or protobuf (a delimited sequence for a stream). */
function decodeReply(id: HttpStackId, workload: Workload, body: Buffer): unknown {
  if (id === "node-protobuf") {
    const codec = protobufCodecOf(workload);
    return workload.streaming
      ? splitDelimited(body).map((message) => codec.responseDeserialize(message))
      : codec.responseDeserialize(body);
  }
  const text = body.toString("utf8");
  if (!workload.streaming) return JSON.parse(text);
  return text
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line): unknown => JSON.parse(line));
}

/** Calls one workload once on one HTTP stack and decodes the answer. */
export async function callStack<Req>(
  stack: Stack,
  id: HttpStackId,
  workload: Workload<Req>,
  request: Req,
  ctx: CallContext = { cacheMode: "warm", delayMs: 0 },
) {
  const raw = encodeRequest(id, workload, request);
  raw.headers = { ...raw.headers, [CACHE_MODE_HEADER]: ctx.cacheMode, [DELAY_HEADER]: String(ctx.delayMs) };
  const response = await stackRequest(stack, id, raw);
  const data =
    response.status === 200
      ? decodeReply(id, workload, response.body)
      : (JSON.parse(response.body.toString("utf8")) as unknown);
  return { status: response.status, contentType: response.contentType, data };
}
