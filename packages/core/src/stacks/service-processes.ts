/**
 * The processes that serve the stacks. One process may serve several stacks, each on its own port
 * (the REST API serves express, node, node-protobuf and h2c); a gRPC process answers for its stacks'
 * counters on an HTTP/1.1 side port. The Node processes are built and started by the runner from
 * their bundles (apps/runner/src/engine/launch/service-manager.ts); the others by their start script
 * (apps/runner/src/engine/launch/runtime-services.ts); what each serves is in stacks.ts.
 */
export type Runtime = "node" | "java" | "python";

export interface ServiceProcessRecord {
  runtime: Runtime;
  /** How messages name it: "the REST API". */
  label: string;
  /**
   * The HTTP/1.1 port where a gRPC process serves /stats, /healthz and /metrics for its stacks
   * (`/stats?stack=<id>`); absent for HTTP processes, whose stacks answer on their own ports.
   */
  sidePort?: { variable: string; default: number };
  /**
   * The script that starts it in the foreground (it execs the server, so a signal reaches the
   * server itself), from the repository root; absent for the Node processes, started from their bundles.
   */
  start?: string;
  /**
   * Its runtime runs new code interpreted and compiles it while it serves (the JVM's tiered JIT),
   * over far more calls than a trial's warm-up holds: measured on spring and grpc-java, item.get's
   * throughput tripled from a run's first trial to its third. A run primes such a process on each
   * of its cells before measuring (apps/runner/src/engine/launch/jit-priming.ts). Node's V8 settles within
   * the warm-up and CPython compiles nothing, so theirs are absent.
   */
  compilesUnderLoad?: true;
}

export const serviceProcesses = {
  "node-rest": { runtime: "node", label: "the REST API" },
  "node-grpc": {
    runtime: "node",
    label: "the gRPC API",
    sidePort: { variable: "GRPC_METRICS_PORT", default: 9464 },
  },
  "java-spring": {
    runtime: "java",
    label: "the Spring Boot API",
    start: "services/java/start-spring.sh",
    compilesUnderLoad: true,
  },
  "java-grpc": {
    runtime: "java",
    label: "the grpc-java API",
    sidePort: { variable: "GRPC_JAVA_METRICS_PORT", default: 9471 },
    start: "services/java/start-grpc-java.sh",
    compilesUnderLoad: true,
  },
  "python-fastapi": { runtime: "python", label: "the FastAPI API", start: "services/python/start-fastapi.sh" },
  "python-flask": { runtime: "python", label: "the Flask API", start: "services/python/start-flask.sh" },
  "python-grpcio": {
    runtime: "python",
    label: "the grpcio API",
    sidePort: { variable: "GRPCIO_METRICS_PORT", default: 9472 },
    start: "services/python/start-grpcio.sh",
  },
} as const satisfies Record<string, ServiceProcessRecord>;

export type ServiceProcessId = keyof typeof serviceProcesses;
export const serviceProcessIds = Object.keys(serviceProcesses) as [ServiceProcessId, ...ServiceProcessId[]];

/** A process's record, typed as the interface (the table's literal types narrow too far to index). */
export const serviceProcessRecord = (id: ServiceProcessId): ServiceProcessRecord => serviceProcesses[id];

/** A process's side port, when it has one. */
export const sidePortOf = (id: ServiceProcessId): ServiceProcessRecord["sidePort"] =>
  (serviceProcesses[id] as ServiceProcessRecord).sidePort;
