import { z } from "zod";

/**
 * Stacks: thin transports over the very same service functions. The default comparison is
 * express against grpc-js; each other stack changes one layer of one of them, so a difference
 * between the two splits into framework, encoding, transport and codec.
 */
export interface StackDefinition {
  /** The side of the default comparison it belongs to: what its figures are set against first. */
  family: "rest" | "grpc";
  /** HTTP version on the wire ("h2c": HTTP/2 in cleartext, as gRPC uses it). */
  transport: "http1" | "h2c";
  /** Body encoding of requests and responses. */
  encoding: "json" | "protobuf";
  /** The load generator that drives it. */
  tool: "autocannon" | "h2load" | "ghz";
  /** One line on what it isolates, for the CLI's help and the web form. */
  isolates: string;
}

export const stacks = {
  express: {
    family: "rest",
    transport: "http1",
    encoding: "json",
    tool: "autocannon",
    isolates: "Express 5, HTTP/1.1, JSON: the REST API as most services write it (the default REST side)",
  },
  node: {
    family: "rest",
    transport: "http1",
    encoding: "json",
    tool: "autocannon",
    isolates: "node:http with a router generated from the catalog: the framework removed, nothing else",
  },
  "node-protobuf": {
    family: "rest",
    transport: "http1",
    encoding: "protobuf",
    tool: "autocannon",
    isolates: "as node, with protobuf bodies (the gRPC messages) over HTTP/1.1: the encoding switched",
  },
  h2c: {
    family: "rest",
    transport: "h2c",
    encoding: "json",
    tool: "h2load",
    isolates: "as node, over cleartext HTTP/2 (node:http2): the transport switched",
  },
  "grpc-js": {
    family: "grpc",
    transport: "h2c",
    encoding: "protobuf",
    tool: "ghz",
    isolates: "grpc-js with @grpc/proto-loader (reflection-based protobufjs codec): the default gRPC side",
  },
  "grpc-js-static": {
    family: "grpc",
    transport: "h2c",
    encoding: "protobuf",
    tool: "ghz",
    isolates: "grpc-js with precompiled serializers from a static code generator: the codec switched",
  },
} as const satisfies Record<string, StackDefinition>;

export type StackId = keyof typeof stacks;
export const stackIds = Object.keys(stacks) as [StackId, ...StackId[]];
export const stackIdSchema = z.enum(stackIds);

/** What a spec that names no stacks compares: today's two APIs. */
export const DEFAULT_STACKS: readonly StackId[] = ["express", "grpc-js"];

/**
 * The walk from express to grpc-js one layer at a time: each step changes one thing, so its
 * ratio is that layer's share of the difference.
 */
export const layerSteps = [
  { layer: "framework", from: "express", to: "node" },
  { layer: "encoding", from: "node", to: "node-protobuf" },
  { layer: "transport", from: "node", to: "h2c" },
  { layer: "codec", from: "grpc-js", to: "grpc-js-static" },
] as const satisfies readonly { layer: string; from: StackId; to: StackId }[];
