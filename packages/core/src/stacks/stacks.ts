import { z } from "zod";
import type { ServiceProcessId } from "./service-processes";

/**
 * Stacks: thin transports over the very same service functions. Each stack is one record here:
 * what it speaks, which process serves it, where it listens, how to call it once, which load
 * generator drives it and which layer it changes relative to which stack. Everything else (ports
 * and env parsing, the services' listeners, preflight, conformance, findings, reports, the web)
 * reads this table, so adding a stack is its server plus one record.
 *
 * The default comparison is express against grpc-js; each other stack changes one layer of one of
 * them, so a difference between the two splits into framework, encoding, transport and codec.
 */
export interface StackDefinition {
  /** The protocol family it speaks: its figures sit on that side of a REST-against-gRPC comparison. */
  family: "rest" | "grpc";
  /** The process that serves it (service-processes.ts), and through it the runtime. */
  process: ServiceProcessId;
  /** HTTP version on the wire ("h2c": HTTP/2 in cleartext, as gRPC uses it). */
  transport: "http1" | "h2c";
  /** Body encoding of requests and responses. */
  encoding: "json" | "protobuf";
  /**
   * How a gRPC stack's messages are serialized: "reflection" (protobufjs from the loaded .proto
   * files) or "static" (precompiled serializers). Absent for HTTP stacks.
   */
  codec?: "reflection" | "static";
  /** Where it listens: the variable that sets its port, and the port when nothing does. */
  port: { variable: string; default: number };
  /** The load generator that drives it. */
  tool: "autocannon" | "h2load" | "ghz";
  /** The layer it changes, and the stack it changes it from (the layer walk). */
  changes?: { layer: LayerName; from: string };
  /** One line on what it isolates, for the CLI's help and the web form. */
  isolates: string;
}

/** The layers a stack can change relative to another. */
export const layerNames = ["framework", "encoding", "transport", "codec"] as const;
export type LayerName = (typeof layerNames)[number];

export const stacks = {
  express: {
    family: "rest",
    process: "node-rest",
    transport: "http1",
    encoding: "json",
    port: { variable: "REST_PORT", default: 8080 },
    tool: "autocannon",
    isolates: "Express 5, HTTP/1.1, JSON: the REST API as most services write it (the default REST side)",
  },
  node: {
    family: "rest",
    process: "node-rest",
    transport: "http1",
    encoding: "json",
    port: { variable: "NODE_PORT", default: 8081 },
    tool: "autocannon",
    changes: { layer: "framework", from: "express" },
    isolates: "node:http with a router generated from the catalog: the framework removed, nothing else",
  },
  "node-protobuf": {
    family: "rest",
    process: "node-rest",
    transport: "http1",
    encoding: "protobuf",
    port: { variable: "NODE_PROTOBUF_PORT", default: 8082 },
    tool: "autocannon",
    changes: { layer: "encoding", from: "node" },
    isolates: "as node, with protobuf bodies (the gRPC messages) over HTTP/1.1: the encoding switched",
  },
  h2c: {
    family: "rest",
    process: "node-rest",
    transport: "h2c",
    encoding: "json",
    port: { variable: "H2C_PORT", default: 8083 },
    tool: "h2load",
    changes: { layer: "transport", from: "node" },
    isolates: "as node, over cleartext HTTP/2 (node:http2): the transport switched",
  },
  "grpc-js": {
    family: "grpc",
    process: "node-grpc",
    transport: "h2c",
    encoding: "protobuf",
    codec: "reflection",
    port: { variable: "GRPC_PORT", default: 50051 },
    tool: "ghz",
    isolates: "grpc-js with @grpc/proto-loader (reflection-based protobufjs codec): the default gRPC side",
  },
  "grpc-js-static": {
    family: "grpc",
    process: "node-grpc",
    transport: "h2c",
    encoding: "protobuf",
    codec: "static",
    port: { variable: "GRPC_STATIC_PORT", default: 50052 },
    tool: "ghz",
    changes: { layer: "codec", from: "grpc-js" },
    isolates: "grpc-js with precompiled serializers from a static code generator: the codec switched",
  },
} as const satisfies Record<string, StackDefinition>;

export type StackId = keyof typeof stacks;
export const stackIds = Object.keys(stacks) as [StackId, ...StackId[]];
export const stackIdSchema = z.enum(stackIds);

/** A stack's record, typed as the interface (the table's literal types narrow too far to index). */
export const stackRecord = (id: StackId): StackDefinition => stacks[id];

/**
 * The comparison a run makes when it names nothing else: Express against grpc-js. A run's own
 * pair is its first REST stack against its first gRPC stack (stack-pair.ts).
 */
export const DEFAULT_PAIR = { rest: "express", grpc: "grpc-js" } as const satisfies Record<
  "rest" | "grpc",
  StackId
>;

/** What a spec that names no stacks compares: the default pair. */
export const DEFAULT_STACKS: readonly StackId[] = [DEFAULT_PAIR.rest, DEFAULT_PAIR.grpc];

/** The stacks served by one process, in the table's order. */
export const stacksOfProcess = (process: ServiceProcessId): StackId[] =>
  stackIds.filter((id) => stacks[id].process === process);

/** The stacks one load generator drives. */
export const stacksDrivenByTool = (tool: StackDefinition["tool"]): StackId[] =>
  stackIds.filter((id) => stacks[id].tool === tool);

/**
 * The walk from one stack to another one layer at a time: each step changes one thing, so its
 * ratio is that layer's share of the difference. Read off the records' `changes`.
 */
export const layerSteps: ReadonlyArray<{ layer: LayerName; from: StackId; to: StackId }> = stackIds.flatMap((to) => {
  const changes = stackRecord(to).changes;
  return changes ? [{ layer: changes.layer, from: changes.from as StackId, to }] : [];
});
