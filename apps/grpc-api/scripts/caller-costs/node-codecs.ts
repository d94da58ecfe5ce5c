import { createRequire } from "node:module";
import type { CallerCodec } from "@relix/core";

const require = createRequire(import.meta.url);
const versionOf = (pkg: string, from = require) => (from(`${pkg}/package.json`) as { version: string }).version;
const protoLoaderRequire = () => createRequire(require.resolve("@grpc/proto-loader"));

/**
 * The Node codecs, each measured in a process of its own so none inherits another's JIT state
 * (three of them share protobufjs's reader and writer). protobufjs through proto-loader is what a
 * grpc-js client decodes with; the two static codecs are what a Node caller could switch to.
 */
export const nodeCodecs = {
  json: () => ({ encoding: "json", primary: true, library: "JSON.parse / JSON.stringify, with the UTF-8 bytes" }),
  protobufjs: () => ({
    encoding: "protobuf",
    primary: true,
    library: `protobufjs ${versionOf("protobufjs", protoLoaderRequire())} through @grpc/proto-loader ${versionOf("@grpc/proto-loader")}, as grpc-js clients use it`,
  }),
  "ts-proto": () => ({
    encoding: "protobuf",
    primary: false,
    library: `ts-proto ${versionOf("ts-proto")} static code (the grpc-js-static stack's codec)`,
  }),
  pbjs: () => ({
    encoding: "protobuf",
    primary: false,
    library: `protobufjs ${versionOf("protobufjs")} static code (pbjs -t static-module)`,
  }),
} satisfies Record<string, () => Omit<CallerCodec, "id">>;

export type NodeCodecId = keyof typeof nodeCodecs;
export const nodeCodecIds = Object.keys(nodeCodecs) as NodeCodecId[];
