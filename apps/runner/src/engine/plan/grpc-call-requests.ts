/**
 * A workload's gRPC calls written as plain HTTP/2 requests, for a client program that knows
 * nothing of gRPC (the equal client, h2load): the method's path, the gRPC headers, the relix
 * metadata as headers (as ghz sends it), and the request message(s) in gRPC's length-prefixed
 * framing. The messages are encoded by the very codec grpc-js uses (protobuf-bodies.ts).
 */
import { CACHE_MODE_HEADER, DELAY_HEADER, type CacheMode, type Workload } from "@relix/core";
import { protobufCodecOf } from "@relix/io/proto/protobuf-bodies";
import type { HttpRequestSpec } from "../../tools";

/**
 * One message as gRPC frames it on the wire: a compressed flag (0: not compressed), the
 * message's size as 4 bytes big-endian, then the message.
 */
export function grpcFrame(message: Buffer): Buffer {
  const prefix = Buffer.alloc(5);
  prefix.writeUInt8(0, 0);
  prefix.writeUInt32BE(message.length, 1);
  return Buffer.concat([prefix, message]);
}

/** The HTTP/2 path of a workload's gRPC method: /package.Service/Method. */
export const grpcPathOf = (workload: Workload): string => `/relix.v1.${workload.grpc.service}/${workload.grpc.method}`;

/** gRPC's deadline header: at most 8 digits and a unit ("m": milliseconds). */
export function grpcTimeoutHeader(timeoutMs: number): string {
  return `${Math.min(99_999_999, Math.max(1, Math.ceil(timeoutMs)))}m`;
}

/**
 * One call: a unary or server-streaming method's one request message, or a client stream's
 * messages as consecutive frames of the one request body (the client half-closes after them).
 * With `timeoutMs`, the call carries the deadline ghz sends for the same run (`grpc-timeout`):
 * the server keeps a deadline per call, which costs it CPU (measured with `pnpm bench:clients`:
 * without one the grpc-js server spent 0.71-0.77x the CPU per item.get call it spent under ghz,
 * with it 0.90x), so a client step from ghz to the equal client is about the client, not about
 * work the server skipped.
 */
export function grpcCallRequestFor(
  workload: Workload,
  request: unknown,
  cacheMode: CacheMode,
  delayMs: number,
  timeoutMs?: number,
): HttpRequestSpec {
  const codec = protobufCodecOf(workload);
  const stream = workload.grpc.clientStream;
  const messages = stream ? stream.messages(request) : [workload.grpc.build(request)];
  return {
    method: "POST",
    path: grpcPathOf(workload),
    headers: {
      "content-type": "application/grpc",
      te: "trailers",
      [CACHE_MODE_HEADER]: cacheMode,
      [DELAY_HEADER]: String(delayMs),
      ...(timeoutMs === undefined ? {} : { "grpc-timeout": grpcTimeoutHeader(timeoutMs) }),
    },
    body: Buffer.concat(messages.map((message) => grpcFrame(codec.requestSerialize(message)))),
  };
}
