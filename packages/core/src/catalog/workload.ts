import type { z } from "zod";
import type { CallContext } from "../calls/call-context";
import type { WorkloadServices } from "../calls/services-contract";

export const studyIds = ["floor", "000", "001", "002", "003", "004"] as const;
export type StudyId = (typeof studyIds)[number];

import type { GrpcServiceName } from "./grpc-services";
export type { GrpcServiceName };

/** A concrete HTTP request, as the runner sends it. Never carries a host: the runner adds its own target. */
export interface RestRequest {
  method: "GET" | "POST";
  path: string;
  body?: string | Buffer;
  contentType?: string;
  /** Send the body with `Transfer-Encoding: chunked`, in chunks of this many bytes (no Content-Length). */
  chunkBytes?: number;
}

/** Knobs of the request builders, set by a preset or `pnpm bench` flags. */
export interface WorkloadParams {
  /** How many distinct ids a by-id workload cycles through (both protocols, same order). */
  keyCount: number;
  /** Bytes sent by `upload` (study 001: 1 MiB). */
  payloadBytes: number;
  /** Messages asked of `stream` (study 001: 100). */
  streamMessages: number;
  /** Length of each vector of `math.dot` (study 004: 100). */
  dotLength: number;
  /** Records in one reply of `item.list` and `item.stream` (study 000: 100). */
  records: number;
  /** Bytes of the map `echo` sends and gets back; absent = study 001's ~0.5 KB message. */
  echoBytes?: number;
}

export const defaultWorkloadParams: WorkloadParams = {
  keyCount: 100,
  payloadBytes: 1024 * 1024,
  streamMessages: 100,
  dotLength: 100,
  records: 100,
};

interface RestBindingCommon {
  method: "GET" | "POST";
  /**
   * Express route, e.g. /v1/items/:id: the one place a workload's REST path is written. Requests
   * fill its `:params` from the request's fields of the same names (rest-request.ts).
   */
  route: string;
  /**
   * Request fields sent in the query string (`?limit=N`), in this order, when the request has them.
   * A GET route's only optional knobs: the path names the resource, the query how much of it.
   */
  query?: readonly string[];
  /**
   * Route params, query parameters and parsed body -> a candidate request, validated by the
   * workload's schema. A query value is a string when given once; anything else is for the schema
   * to refuse.
   */
  parse(input: { params: Record<string, string>; query: Record<string, unknown>; body: unknown }): unknown;
}

/** What the request body is: none, the request as a JSON document, or raw bytes taken from the request. */
export type RestBinding<Req> = RestBindingCommon &
  (
    | { body: "none" | "json" }
    | {
        body: "raw";
        /** Content type of the raw body (image/jpeg, application/octet-stream). */
        rawContentType: string;
        /** The bytes a request sends as its body. */
        rawBody(request: Req): Buffer;
        /** Clients send the body chunked (Transfer-Encoding: chunked) in pieces of this size. */
        chunkBytes?: number;
      }
  );

export interface GrpcBinding<Req> {
  service: GrpcServiceName;
  method: string;
  /** Decoded protobuf message -> a candidate request, validated by the workload's schema. */
  parse(message: Record<string, unknown>): unknown;
  /** A validated request -> the protobuf message (plain object; bytes as Buffer). */
  build(request: Req): Record<string, unknown>;
  /**
   * A client-streaming method: the request goes up as several messages, and the server joins them
   * back into one message before `parse`. Absent for unary and server-streaming methods.
   */
  clientStream?: ClientStreamBinding<Req>;
}

export interface ClientStreamBinding<Req> {
  /** A validated request -> the messages the client sends, in order. */
  messages(request: Req): Record<string, unknown>[];
  /** The messages the server received -> one decoded message, as `parse` takes it. */
  join(messages: Record<string, unknown>[]): Record<string, unknown>;
}

/**
 * One workload, defined once. REST routes, gRPC handlers, the runner's requests, the
 * OpenAPI document and the UI's labels are all derived from these definitions.
 */
export interface Workload<Req = unknown, Res = unknown> {
  id: string;
  label: string;
  study: StudyId;
  description: string;
  /** Reads through the cache: cache modes apply. */
  usesCache: boolean;
  /** gRPC server stream, REST NDJSON; `response` then describes one message. */
  streaming: boolean;
  request: z.ZodType<Req>;
  response: z.ZodType<Res>;
  rest: RestBinding<Req>;
  grpc: GrpcBinding<Req>;
  handle(services: WorkloadServices, request: Req, ctx: CallContext): Promise<Res> | Res | AsyncIterable<Res>;
  /** The request sequence both protocols send, in the same order (the key distribution). */
  requests(params: WorkloadParams): Req[];
}

export const grpcMethodPath = (w: Workload) => `/relix.v1.${w.grpc.service}/${w.grpc.method}`;
/** ghz's --call syntax. */
export const ghzCallName = (w: Workload) => `relix.v1.${w.grpc.service}.${w.grpc.method}`;

export function defineWorkload<Req, Res>(workload: Workload<Req, Res>): Workload<Req, Res> {
  return workload;
}
