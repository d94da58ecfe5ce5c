import { CACHE_MODE_HEADER, DELAY_HEADER, type CacheMode, type StackDefinition, type Workload } from "@relix/core";
import { encodedRestRequest } from "@relix/io/clients/encoded-request";
import type { HttpRequestSpec } from "../../tools";

type BodyEncoding = StackDefinition["encoding"];

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
