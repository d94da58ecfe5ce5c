import type { ServiceDefinition } from "@grpc/grpc-js";
import * as bench from "./generated/relix/v1/bench";
import * as catalog from "./generated/relix/v1/catalog";
import * as common from "./generated/relix/v1/common";
import * as compute from "./generated/relix/v1/compute";
import * as meteorites from "./generated/relix/v1/meteorites";
import * as shapes from "./generated/relix/v1/shapes";

/** What ts-proto generates per message (apps/grpc-api/scripts/codec-plugins.ts says with which options). */
interface StaticMessage {
  encode(message: never): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
}

/** proto-loader keeps each method's message descriptors beside its (de)serializers. */
interface MessageType {
  type: { name?: string };
}

const isStaticMessage = (value: unknown): value is StaticMessage =>
  typeof value === "object" && value !== null && "encode" in value && "decode" in value;

/** Every relix.v1 message by its name, as the generated modules export them. */
const staticMessages = new Map<string, StaticMessage>(
  [bench, catalog, common, compute, meteorites, shapes].flatMap((module) =>
    Object.entries(module).filter((entry): entry is [string, StaticMessage] => isStaticMessage(entry[1])),
  ),
);

function staticMessageOf(type: MessageType): StaticMessage {
  const name = type.type.name ?? "";
  const message = staticMessages.get(name);
  if (!message)
    throw new Error(`no static codec for relix.v1.${name}: run pnpm --filter @relix/grpc-api generate:codec`);
  return message;
}

// grpc-js copies the serialised message into its frame with Buffer#copy: a view, not a copy, of the bytes.
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The same service as proto-loader's definition, with the generated encode/decode in place of
 * protobufjs's reflection-based ones. Built from that definition, so every method of the catalog
 * is covered and none is named here. The messages decode as proto-loader's do (int64 as numbers,
 * an absent message as null, bytes as Buffer), so the workloads' zod schemas parse them unchanged.
 */
export function withStaticCodec(service: ServiceDefinition): ServiceDefinition {
  const methods = Object.entries(service).map(([name, method]) => {
    const { requestType, responseType } = method as unknown as {
      requestType: MessageType;
      responseType: MessageType;
    };
    const request = staticMessageOf(requestType);
    const response = staticMessageOf(responseType);
    // The fields grpc-js and reflection read, named one by one: a spread would also carry marks
    // other code set on proto-loader's method (codec-timing.ts's "already timed").
    const { path, requestStream, responseStream, originalName } = method;
    return [
      name,
      {
        path,
        requestStream,
        responseStream,
        originalName,
        requestType,
        responseType,
        requestSerialize: (value: never) => asBuffer(request.encode(value).finish()),
        requestDeserialize: (bytes: Buffer) => request.decode(bytes),
        responseSerialize: (value: never) => asBuffer(response.encode(value).finish()),
        responseDeserialize: (bytes: Buffer) => response.decode(bytes),
      },
    ];
  });
  return Object.fromEntries(methods) as ServiceDefinition;
}
