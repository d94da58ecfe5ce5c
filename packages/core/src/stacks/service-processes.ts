/**
 * The processes that serve the stacks. One process may serve several stacks, each on its own port
 * (the REST API serves express, node, node-protobuf and h2c); a gRPC process answers for its stacks'
 * counters on an HTTP/1.1 side port. How a process is built and started is its runtime's business
 * (apps/runner/src/engine/service-runtimes.ts); what it serves is in stacks.ts.
 */
export type Runtime = "node";

export interface ServiceProcessRecord {
  runtime: Runtime;
  /** How messages name it: "the REST API". */
  label: string;
  /**
   * The HTTP/1.1 port where a gRPC process serves /stats, /healthz and /metrics for its stacks
   * (`/stats?stack=<id>`); absent for HTTP processes, whose stacks answer on their own ports.
   */
  sidePort?: { variable: string; default: number };
}

export const serviceProcesses = {
  "node-rest": { runtime: "node", label: "the REST API" },
  "node-grpc": {
    runtime: "node",
    label: "the gRPC API",
    sidePort: { variable: "GRPC_METRICS_PORT", default: 9464 },
  },
} as const satisfies Record<string, ServiceProcessRecord>;

export type ServiceProcessId = keyof typeof serviceProcesses;
export const serviceProcessIds = Object.keys(serviceProcesses) as [ServiceProcessId, ...ServiceProcessId[]];

/** A process's side port, when it has one. */
export const sidePortOf = (id: ServiceProcessId): ServiceProcessRecord["sidePort"] =>
  (serviceProcesses[id] as ServiceProcessRecord).sidePort;
