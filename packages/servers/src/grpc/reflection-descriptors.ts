import { createRequire } from "node:module";
import type { PackageDefinition } from "@grpc/proto-loader";

// protobufjs ships the descriptor.proto types as a CommonJS extension without typings.
const require = createRequire(import.meta.url);
const descriptor = require("protobufjs/ext/descriptor") as {
  FileDescriptorProto: {
    decode(bytes: Uint8Array): DescriptorNode & { toJSON(): unknown };
    encode(message: unknown): { finish(): Uint8Array };
  };
};

interface FieldNode {
  name: string;
  typeName?: string;
}
interface DescriptorNode {
  name?: string;
  field?: FieldNode[];
  nestedType?: DescriptorNode[];
  messageType?: DescriptorNode[];
  options?: { mapEntry?: boolean };
}

/** protobuf's rule for the implicit entry type of `map<...> some_field`: "SomeFieldEntry". */
export function mapEntryName(fieldName: string): string {
  const camel = fieldName.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  return `${camel[0]!.toUpperCase()}${camel.slice(1)}Entry`;
}

function fixMessage(message: DescriptorNode) {
  for (const nested of message.nestedType ?? []) fixMessage(nested);
  for (const field of message.field ?? []) {
    const entry = message.nestedType?.find((n) => n.options?.mapEntry && field.typeName?.split(".").pop() === n.name);
    if (!entry) continue;
    const correct = mapEntryName(field.name);
    if (entry.name === correct) continue;
    field.typeName = field.typeName!.replace(new RegExp(`${entry.name}$`), correct);
    entry.name = correct;
  }
}

/**
 * protobufjs names a map field's entry type after the field ("Data") where protoc says
 * "DataEntry". Strict reflection clients (ghz, grpcurl, anything on protobuf-go) then reject the
 * whole file. This rewrites the descriptors the reflection service hands out; the wire format
 * is unaffected.
 */
export function withProtocMapEntryNames(definition: PackageDefinition): PackageDefinition {
  const fixed = new Map<string, Buffer>();
  const rewrite = (bytes: Buffer) => {
    const key = bytes.toString("base64");
    let result = fixed.get(key);
    if (!result) {
      const file = descriptor.FileDescriptorProto.decode(bytes);
      for (const message of file.messageType ?? []) fixMessage(message);
      result = Buffer.from(descriptor.FileDescriptorProto.encode(file).finish());
      fixed.set(key, result);
    }
    return result;
  };
  const copy: PackageDefinition = {};
  for (const [name, value] of Object.entries(definition)) {
    const protos = (value as { fileDescriptorProtos?: Buffer[] }).fileDescriptorProtos;
    copy[name] = Array.isArray(protos)
      ? ({ ...value, fileDescriptorProtos: protos.map(rewrite) } as typeof value)
      : value;
  }
  return copy;
}
