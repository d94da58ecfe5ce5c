import type { MethodDefinition } from "@grpc/grpc-js";
import type { GrpcServiceName } from "@relix/core/catalog/grpc-services";
import { loadRelixProtos } from "./load";

/**
 * Protobuf bodies over plain HTTP (a stack whose record says encoding "protobuf" over HTTP): a workload's body is its gRPC
 * method's message, encoded by the very codec grpc-js uses (proto-loader's protobufjs, same
 * options). A body that is several messages (a streamed reply, an upload sent as chunks) is
 * length-delimited: each message preceded by its size as a base-128 varint, protobuf's own
 * `writeDelimitedTo` framing, so any protobuf library reads it back with `parseDelimitedFrom`.
 */
export const PROTOBUF_CONTENT_TYPE = "application/x-protobuf";

type Codec = Pick<
  MethodDefinition<unknown, unknown>,
  "requestSerialize" | "requestDeserialize" | "responseSerialize" | "responseDeserialize"
>;

const codecs = new Map<string, Codec>();

/** The (de)serializers of the gRPC method a workload stands for. */
export function protobufCodecOf(workload: { id: string; grpc: { service: GrpcServiceName; method: string } }): Codec {
  let codec = codecs.get(workload.id);
  if (!codec) {
    const service = loadRelixProtos().definition[`relix.v1.${workload.grpc.service}`] as unknown as Record<
      string,
      Codec
    >;
    const method = service[workload.grpc.method];
    if (!method) throw new Error(`no relix.v1.${workload.grpc.service}/${workload.grpc.method} for ${workload.id}`);
    codec = method;
    codecs.set(workload.id, codec);
  }
  return codec;
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  while (value > 0x7f) {
    bytes.push((value & 0x7f) | 0x80);
    value = Math.floor(value / 128);
  }
  bytes.push(value);
  return Buffer.from(bytes);
}

/** One message framed for a delimited body: its varint size, then its bytes. */
export const delimited = (message: Buffer): Buffer => Buffer.concat([varint(message.length), message]);

/** A delimited body held more messages than its reader allows. */
export class TooManyMessagesError extends RangeError {
  constructor(readonly limit: number) {
    super(`more than ${limit} messages`);
  }
}

/**
 * A delimited body -> its messages; throws on a truncated frame, and once it finds more than
 * `maxMessages`, before going further (an empty message is a single zero byte, so a body's size
 * alone does not bound how many it holds).
 */
export function splitDelimited(body: Buffer, maxMessages = Number.POSITIVE_INFINITY): Buffer[] {
  const messages: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    if (messages.length >= maxMessages) throw new TooManyMessagesError(maxMessages);
    let size = 0;
    let scale = 1;
    for (;;) {
      if (offset >= body.length || scale > 2 ** 35) throw new RangeError("truncated length prefix");
      const byte = body[offset++]!;
      size += (byte & 0x7f) * scale;
      scale *= 128;
      if (byte < 0x80) break;
    }
    if (offset + size > body.length) throw new RangeError("truncated message");
    messages.push(body.subarray(offset, offset + size));
    offset += size;
  }
  return messages;
}
