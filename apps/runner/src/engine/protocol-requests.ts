import {
  CACHE_MODE_HEADER,
  DELAY_HEADER,
  restRequestOf,
  type CacheMode,
  type RestRequest,
  type StackDefinition,
  type Workload,
} from "@relix/core";
import { PROTOBUF_CONTENT_TYPE, delimited, protobufCodecOf } from "@relix/io/proto/protobuf-bodies";
import type { HttpRequestSpec } from "../tools";

type BodyEncoding = StackDefinition["encoding"];

/**
 * A workload's HTTP request with its body in one encoding: the same method, path and chunking;
 * JSON as the catalog writes it, or protobuf, the gRPC method's request message (for a
 * client-streaming method, its messages length-delimited), as the node-protobuf stack reads it.
 */
const ENCODE_BODY: Record<BodyEncoding, (workload: Workload, request: unknown) => RestRequest> = {
  json: (workload, request) => restRequestOf(workload, request),
  protobuf: (workload, request) => {
    const http = restRequestOf(workload, request);
    if (workload.rest.body === "none") return http;
    const codec = protobufCodecOf(workload);
    const stream = workload.grpc.clientStream;
    const body = stream
      ? Buffer.concat(stream.messages(request).map((message) => delimited(codec.requestSerialize(message))))
      : codec.requestSerialize(workload.grpc.build(request));
    return { ...http, body, contentType: PROTOBUF_CONTENT_TYPE };
  },
};

/** The HTTP request for one request of a workload, its body in `encoding`. */
export const encodedRestRequest = (workload: Workload, request: unknown, encoding: BodyEncoding): RestRequest =>
  ENCODE_BODY[encoding](workload, request);

/** The same request sequence, as autocannon requests (headers carry the per-request knobs). */
export function restRequestsFor(
  workload: Workload,
  requests: unknown[],
  cacheMode: CacheMode,
  delayMs: number,
  encoding: BodyEncoding = "json",
): HttpRequestSpec[] {
  return requests.map((request) => {
    const http = encodedRestRequest(workload, request, encoding);
    const headers: Record<string, string> = { [CACHE_MODE_HEADER]: cacheMode, [DELAY_HEADER]: String(delayMs) };
    if (http.contentType) headers["content-type"] = http.contentType;
    return {
      method: http.method,
      path: http.path,
      headers,
      ...(http.body === undefined ? {} : { body: http.body }),
      ...(http.chunkBytes === undefined ? {} : { chunkBytes: http.chunkBytes }),
    };
  });
}

/** protobuf's JSON mapping, as ghz reads its data file: bytes as base64 strings. */
export function toProtoJson(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value.toString("base64");
  if (Array.isArray(value)) return value.map(toProtoJson);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toProtoJson(v)]));
  }
  return value;
}

/**
 * The same request sequence, as ghz data (cycled round-robin across its workers). For a
 * client-streaming method ghz (v0.120.0) sends every element of the data array as one message of
 * each call instead, so the data is the messages of the workload's one request.
 */
export function grpcDataFor(workload: Workload, requests: unknown[]): object[] {
  const clientStream = workload.grpc.clientStream;
  if (clientStream) {
    const distinct = new Set(requests);
    if (distinct.size !== 1) throw new Error(`${workload.id}: a client stream sends one request, not ${distinct.size}`);
    return clientStream.messages(requests[0]).map((message) => toProtoJson(message) as object);
  }
  return requests.map((request) => toProtoJson(workload.grpc.build(request)) as object);
}
