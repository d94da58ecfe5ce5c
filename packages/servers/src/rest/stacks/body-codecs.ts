import { invalidArgument, MAX_UPLOAD_MESSAGES, tooManyUploadMessages } from "@relix/core";
import {
  PROTOBUF_CONTENT_TYPE,
  TooManyMessagesError,
  delimited,
  protobufCodecOf,
  splitDelimited,
} from "@relix/io/proto/protobuf-bodies";
import type { AnyWorkload, RouteMatch } from "./catalog-router";
import { BodyError } from "./request-body";

/**
 * How a stack encodes bodies. `decode` turns the body's bytes into what the workload's binding
 * parses, `candidate` builds the request candidate from it and the path; only decode and encode
 * count as codec time.
 */
export interface BodyCodec {
  /** Content type of a reply (a stream's: of the whole body). */
  replyContentType(workload: AnyWorkload): string;
  decode(workload: AnyWorkload, body: Buffer | undefined, contentType: string | undefined): unknown;
  candidate(workload: AnyWorkload, route: Pick<RouteMatch, "params" | "query">, decoded: unknown): unknown;
  encodeReply(workload: AnyWorkload, reply: unknown): string | Buffer;
  encodeStreamMessage(workload: AnyWorkload, message: unknown): string | Buffer;
}

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
/** body-parser's strict mode: a JSON body is an object or an array. */
const STRICT_START = /^[\s\uFEFF]*[{[]/;

/** JSON bodies, parsed as Express's body-parser would (same types accepted, same errors). */
export const jsonCodec: BodyCodec = {
  replyContentType: (workload) =>
    workload.streaming ? "application/x-ndjson; charset=utf-8" : "application/json; charset=utf-8",
  decode(workload, body, contentType) {
    if (workload.rest.body === "raw") return body;
    if (workload.rest.body === "none" || body === undefined || !JSON_TYPE.test(contentType ?? "")) return undefined;
    if (body.length === 0) return {};
    const text = body.toString("utf8");
    if (!STRICT_START.test(text)) throw Object.assign(new SyntaxError("not JSON"), { type: "entity.parse.failed" });
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw Object.assign(error as Error, { type: "entity.parse.failed" });
    }
  },
  candidate: (workload, { params, query }, decoded) => workload.rest.parse({ params, query, body: decoded }),
  encodeReply: (_workload, reply) => JSON.stringify(reply),
  encodeStreamMessage: (_workload, message) => `${JSON.stringify(message)}\n`,
};

const PROTOBUF_TYPE = /^application\/(?:x-)?protobuf\s*(?:;|$)/i;

/**
 * The gRPC methods' messages as bodies (packages/io/src/proto/protobuf-bodies.ts): a route without
 * a body still takes its parameters from the path; a body is the method's request message, or for
 * a client-streaming method the delimited sequence of its messages; a streamed reply is the
 * delimited sequence of the messages gRPC would stream.
 */
export const protobufCodec: BodyCodec = {
  replyContentType: () => PROTOBUF_CONTENT_TYPE,
  decode(workload, body, contentType) {
    if (workload.rest.body === "none") return undefined;
    if (body !== undefined && body.length > 0 && !PROTOBUF_TYPE.test(contentType ?? ""))
      throw new BodyError("content.unsupported");
    const codec = protobufCodecOf(workload);
    try {
      const bytes = body ?? Buffer.alloc(0);
      const binding = workload.grpc.clientStream;
      if (!binding) return codec.requestDeserialize(bytes);
      return binding.join(
        splitDelimited(bytes, MAX_UPLOAD_MESSAGES).map(
          (message) => codec.requestDeserialize(message) as Record<string, unknown>,
        ),
      );
    } catch (error) {
      if (error instanceof TooManyMessagesError) throw tooManyUploadMessages("body");
      throw invalidArgument("body", "is not a valid protobuf message of this method's request type");
    }
  },
  candidate: (workload, { params, query }, decoded) =>
    workload.rest.body === "none"
      ? workload.rest.parse({ params, query, body: undefined })
      : workload.grpc.parse(decoded as Record<string, unknown>),
  encodeReply: (workload, reply) => protobufCodecOf(workload).responseSerialize(reply),
  encodeStreamMessage: (workload, message) => delimited(protobufCodecOf(workload).responseSerialize(message)),
};
