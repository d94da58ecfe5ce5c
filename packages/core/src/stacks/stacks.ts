import { z } from "zod";
import { serviceProcesses, type Runtime, type ServiceProcessId } from "./service-processes";

/**
 * Stacks: thin transports over the very same service functions. Each stack is one record here:
 * what it speaks, which process serves it, where it listens, how to call it once, which load
 * generator drives it and which layer it changes relative to which stack. Everything else (ports
 * and env parsing, the services' listeners, preflight, conformance, findings, reports, the web)
 * reads this table, so adding a stack is its server plus one record.
 *
 * The default comparison is express against grpc-js; each other stack changes one layer of one of
 * them, so a difference between the two splits into framework, encoding, transport and codec; the
 * stacks of other runtimes (Java, Python) each change the runtime of their family's default.
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
  /**
   * The workloads it serves, by id; absent: every workload of the catalog. A run that asks it for
   * another is refused before anything is measured (stack-workloads.ts).
   */
  workloads?: readonly string[];
  /** How a reader names its server and runtime, where a runtime step compares two: "Spring Boot on the JVM". */
  server?: string;
}

/** The layers a stack can change relative to another. */
export const layerNames = ["framework", "encoding", "transport", "codec", "runtime"] as const;
export type LayerName = (typeof layerNames)[number];

/** What the Java servers serve: study 000's workloads and issue 20's floor (services/java/README.md). */
const JAVA_WORKLOADS = ["noop", "item.get", "item.list", "echo", "math.add"] as const;
/** What the Python servers serve: studies 001 and 004's workloads and the floor (services/python/README.md). */
const PYTHON_WORKLOADS = [
  "noop",
  "item.get",
  "echo",
  "stream",
  "upload",
  "math.add",
  "math.dot",
  "image.raw",
  "image.base64",
] as const;

export const stacks = {
  express: {
    family: "rest",
    process: "node-rest",
    transport: "http1",
    encoding: "json",
    port: { variable: "REST_PORT", default: 8080 },
    tool: "autocannon",
    isolates: "Express 5, HTTP/1.1, JSON: the REST API as most services write it (the default REST side)",
    server: "Express on Node",
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
  spring: {
    family: "rest",
    process: "java-spring",
    transport: "http1",
    encoding: "json",
    port: { variable: "SPRING_PORT", default: 8090 },
    tool: "autocannon",
    changes: { layer: "runtime", from: "express" },
    isolates: "Spring Boot 3 (Spring MVC on Tomcat, Jackson) on the JVM: study 000's REST side",
    workloads: JAVA_WORKLOADS,
    server: "Spring Boot on the JVM",
  },
  fastapi: {
    family: "rest",
    process: "python-fastapi",
    transport: "http1",
    encoding: "json",
    port: { variable: "FASTAPI_PORT", default: 8091 },
    tool: "autocannon",
    changes: { layer: "runtime", from: "express" },
    isolates: "FastAPI on uvicorn (Python): study 001's REST side",
    workloads: PYTHON_WORKLOADS,
    server: "FastAPI on uvicorn (Python)",
  },
  flask: {
    family: "rest",
    process: "python-flask",
    transport: "http1",
    encoding: "json",
    port: { variable: "FLASK_PORT", default: 8092 },
    tool: "autocannon",
    changes: { layer: "runtime", from: "express" },
    isolates: "Flask on gunicorn, one threaded worker (Python): study 004's REST side",
    workloads: PYTHON_WORKLOADS,
    server: "Flask on gunicorn (Python)",
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
    server: "grpc-js on Node",
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
  "grpc-java": {
    family: "grpc",
    process: "java-grpc",
    transport: "h2c",
    encoding: "protobuf",
    codec: "static",
    port: { variable: "GRPC_JAVA_PORT", default: 50061 },
    tool: "ghz",
    changes: { layer: "runtime", from: "grpc-js" },
    isolates: "grpc-java on Netty (generated stubs) on the JVM: study 000's gRPC side",
    workloads: JAVA_WORKLOADS,
    server: "grpc-java on the JVM",
  },
  grpcio: {
    family: "grpc",
    process: "python-grpcio",
    transport: "h2c",
    encoding: "protobuf",
    codec: "static",
    port: { variable: "GRPCIO_PORT", default: 50062 },
    tool: "ghz",
    changes: { layer: "runtime", from: "grpc-js" },
    isolates: "grpcio's synchronous server (Python, generated message classes): studies 001 and 004's gRPC side",
    workloads: PYTHON_WORKLOADS,
    server: "grpcio (Python)",
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
export const DEFAULT_PAIR = { rest: "express", grpc: "grpc-js" } as const satisfies Record<"rest" | "grpc", StackId>;

/** What a spec that names no stacks compares: the default pair. */
export const DEFAULT_STACKS: readonly StackId[] = [DEFAULT_PAIR.rest, DEFAULT_PAIR.grpc];

/** The stacks served by one process, in the table's order. */
export const stacksOfProcess = (process: ServiceProcessId): StackId[] =>
  stackIds.filter((id) => stacks[id].process === process);

/** The stacks whose processes run on one runtime, in the table's order. */
export const stacksOfRuntime = (runtime: Runtime): StackId[] =>
  stackIds.filter((id) => serviceProcesses[stacks[id].process].runtime === runtime);

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
