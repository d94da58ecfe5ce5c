import {
  echoReplySchema,
  echoRequestSchema,
  emptySchema,
  streamMessageSchema,
  streamRequestSchema,
  uploadReplySchema,
} from "../../domain";
import { defineWorkload } from "../workload";
import { z } from "zod";
import { noRequestSchema } from "./request-schemas";
import { assertDelayBudget } from "../../calls/call-context";
import { chunksOf, UPLOAD_CHUNK_BYTES } from "../chunks";

const MIB = 1024 * 1024;

const ECHO_FIELDS = 10;

/**
 * Study 001's echo request: a message and a map of ten entries, about 0.5 KB in all. Given
 * `bytes`, the same ten keys carry values adding up to exactly that many bytes (ASCII, so as many
 * characters in JSON and in protobuf), spread as evenly as they go: the map is what the server
 * echoes back, so the knob sizes both directions while the message's shape stays the same.
 */
export function echoRequest(bytes?: number) {
  const data: Record<string, string> = {};
  for (let i = 0; i < ECHO_FIELDS; i++) {
    const fill = String.fromCharCode(97 + i);
    data[`field${i}`] =
      bytes === undefined
        ? `value-${i}-`.padEnd(36, fill)
        : fill.repeat(Math.floor(bytes / ECHO_FIELDS) + (i < bytes % ECHO_FIELDS ? 1 : 0));
  }
  return { message: "relix echo: the same request on both protocols", data };
}

/** Study 001's large payload, "x" * N. */
export const uploadPayload = (bytes: number) => Buffer.alloc(bytes, "x");

export const uploadRequestSchema = z.object({ payload: z.instanceof(Buffer) });

export const benchWorkloads = [
  defineWorkload({
    id: "noop",
    label: "No-op (the floor)",
    study: "floor",
    description: "An empty call: what the protocol itself costs, with no data and no work.",
    usesCache: false,
    streaming: false,
    request: noRequestSchema,
    response: emptySchema,
    rest: {
      method: "GET",
      route: "/v1/noop",
      body: "none",
      parse: () => ({}),
    },
    grpc: { service: "BenchService", method: "Noop", parse: () => ({}), build: () => ({}) },
    handle: (s) => s.bench.noop(),
    requests: () => [{}],
  }),
  defineWorkload({
    id: "echo",
    label: "Echo message + map",
    study: "001",
    description:
      "A ~0.5 KB message with a map (or a map of echoBytes), echoed back (optionally after a server-side sleep).",
    usesCache: false,
    streaming: false,
    request: echoRequestSchema,
    response: echoReplySchema,
    rest: {
      method: "POST",
      route: "/v1/echo",
      body: "json",
      parse: ({ body }) => body,
    },
    grpc: { service: "BenchService", method: "Echo", parse: (m) => m, build: (r) => r },
    handle: (s, r, ctx) => s.bench.echo(r, ctx),
    requests: (p) => [echoRequest(p.echoBytes)],
  }),
  defineWorkload({
    id: "stream",
    label: "Stream of N messages",
    study: "001",
    description: "N small messages as a gRPC server stream and as REST NDJSON (optionally a sleep per message).",
    usesCache: false,
    streaming: true,
    request: streamRequestSchema,
    response: streamMessageSchema,
    rest: {
      method: "POST",
      route: "/v1/stream",
      body: "json",
      parse: ({ body }) => body,
    },
    grpc: { service: "BenchService", method: "Stream", parse: (m) => m, build: (r) => r },
    handle: (s, r, ctx) => {
      assertDelayBudget(ctx.delayMs, r.numberOfMessages, "numberOfMessages", "message");
      return s.bench.stream(r.numberOfMessages, ctx);
    },
    requests: (p) => [{ numberOfMessages: p.streamMessages }],
  }),
  defineWorkload({
    id: "upload",
    label: "Upload bytes",
    study: "001",
    description: "An opaque payload (1 MiB by default) sent up; the server answers its size and SHA-256.",
    usesCache: false,
    streaming: false,
    request: uploadRequestSchema,
    response: uploadReplySchema,
    rest: {
      method: "POST",
      route: "/v1/upload",
      body: "raw",
      rawContentType: "application/octet-stream",
      rawBody: ({ payload }) => payload,
      parse: ({ body }) => ({ payload: body }),
    },
    grpc: { service: "BenchService", method: "Upload", parse: (m) => m, build: (r) => r },
    handle: (s, r, ctx) => {
      assertDelayBudget(ctx.delayMs, r.payload.length / MIB, "payload", "MiB");
      return s.bench.upload(r.payload, ctx);
    },
    requests: (p) => [{ payload: uploadPayload(p.payloadBytes) }],
  }),
  defineWorkload({
    id: "upload.stream",
    label: "Upload bytes as a stream",
    study: "001",
    description: `The upload's payload sent in ${UPLOAD_CHUNK_BYTES / 1024} KiB chunks: a gRPC client stream and a chunked REST body (Transfer-Encoding: chunked); the same answer as upload.`,
    usesCache: false,
    streaming: false,
    request: uploadRequestSchema,
    response: uploadReplySchema,
    rest: {
      method: "POST",
      route: "/v1/upload/stream",
      body: "raw",
      rawContentType: "application/octet-stream",
      rawBody: ({ payload }) => payload,
      chunkBytes: UPLOAD_CHUNK_BYTES,
      parse: ({ body }) => ({ payload: body }),
    },
    grpc: {
      service: "BenchService",
      method: "UploadStream",
      parse: (m) => m,
      build: (r) => r,
      clientStream: {
        messages: ({ payload }) => chunksOf(payload, UPLOAD_CHUNK_BYTES).map((chunk) => ({ chunk })),
        join: (messages) => {
          const chunks = messages.map((m) => m.chunk);
          // Anything but bytes fails the request schema below, as a bad unary message would.
          return { payload: chunks.every((c) => Buffer.isBuffer(c)) ? Buffer.concat(chunks) : undefined };
        },
      },
    },
    handle: (s, r, ctx) => {
      assertDelayBudget(ctx.delayMs, r.payload.length / MIB, "payload", "MiB");
      return s.bench.upload(r.payload, ctx);
    },
    requests: (p) => [{ payload: uploadPayload(p.payloadBytes) }],
  }),
];
